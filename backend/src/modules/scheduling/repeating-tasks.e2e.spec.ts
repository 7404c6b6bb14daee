import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { addDays, localDate, REPEATING_MESSAGES, TEMPLATE_MESSAGES, VALIDATION_MESSAGES, type Task, type TaskHistoryEntry, type TaskTemplate, type User } from '@carecircle/libs';
import { useTestApp } from '../../test-support/test-app';
import { occurrenceTaskId } from './workers/occurrence-ids';

jest.setTimeout(60_000);

const LA = 'America/Los_Angeles';
// Late times: today's occurrences are still ahead when the test runs (except in the last minutes of an LA day).
const LATE = '23:50';

describe('repeating schedules over HTTP: list, change from a date, pause, resume, stop; planned future days', () => {
  let owner: { agent: TestAgent; user: User };
  let other: { agent: TestAgent; user: User };
  let viewer: { agent: TestAgent; user: User };
  let editor: { agent: TestAgent; user: User };
  let childId: string;
  const today = () => localDate(new Date(), LA);

  const grant = (userId: string, canEdit: boolean) =>
    t.grantAccess(childId, owner.user.id, userId, canEdit);

  const t = useTestApp();
  beforeAll(async () => {
    owner = await t.signUp({ firstName: 'Owner' });
    other = await t.signUp({ firstName: 'Other' });
    viewer = await t.signUp({ firstName: 'Grandpa' });
    editor = await t.signUp({ firstName: 'Aunt' });
    childId = (await owner.agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
    await grant(viewer.user.id, false);
    await grant(editor.user.id, true);
  });

  const createDaily = async (name: string, times = [LATE]): Promise<TaskTemplate> =>
    (
      await owner.agent
        .post('/api/repeating-tasks')
        .send({ childId, name, category: 'medication', description: '5 ml', isRepeating: true, scheduledTimes: times, repeatPattern: 'daily', timeNotes: { [times[0]]: 'With food' } })
        .expect(201)
    ).body.template;
  const tasksOn = async (date: string): Promise<Task[]> => (await owner.agent.get(`/api/children/${childId}/tasks`).query({ date }).expect(200)).body;
  const ofTemplate = (tasks: Task[], template: TaskTemplate) => tasks.filter((task) => task.templateId === template.id);
  const repeating = async (agent: TestAgent = owner.agent): Promise<TaskTemplate[]> => (await agent.get(`/api/children/${childId}/repeating-tasks`).expect(200)).body;
  const eventCount = async () => Number((await t.sql('SELECT count(*) FROM es_events')).rows[0].count);

  it('future days show the planned occurrences with the ids materialisation will give them; today shows the real task', async () => {
    const template = await createDaily('Tylenol');
    const tomorrow = addDays(today(), 1);
    const [real] = ofTemplate(await tasksOn(today()), template);
    expect(real).toMatchObject({ localTime: LATE, status: 'pending' });
    expect(real.planned).toBeUndefined();

    const planned = ofTemplate(await tasksOn(tomorrow), template);
    expect(planned).toEqual([
      expect.objectContaining({ id: occurrenceTaskId(template.id, tomorrow, LATE), planned: true, status: 'pending', name: 'Tylenol', description: '5 ml', timeSpecificNotes: 'With food', scheduledDate: tomorrow, localTime: LATE, childName: 'Maya Lopez', isOverdue: false }),
    ]);
    // the range view (calendar) and GET /api/tasks?childId&date show them too
    const range: Task[] = (await owner.agent.get(`/api/children/${childId}/tasks`).query({ startDate: today(), endDate: addDays(today(), 2) }).expect(200)).body;
    expect(ofTemplate(range, template).map((task) => [task.scheduledDate, task.planned ?? false])).toEqual([
      [today(), false],
      [tomorrow, true],
      [addDays(today(), 2), true],
    ]);
    expect(ofTemplate((await owner.agent.get('/api/tasks').query({ childId, date: tomorrow }).expect(200)).body, template)).toHaveLength(1);
    // past days are not planned
    expect(ofTemplate(await tasksOn(addDays(today(), -1)), template)).toEqual([]);
    // a planned occurrence is not a task yet: completing it is refused and records nothing
    const before = await eventCount();
    await owner.agent.put(`/api/tasks/${planned[0].id}/complete`).send({}).expect(404);
    expect(await eventCount()).toBe(before);
  });

  it('progress belongs to the date asked for; a bad date is a 400', async () => {
    const tomorrow = addDays(today(), 1);
    expect((await owner.agent.get('/api/progress').query({ childId, date: tomorrow }).expect(200)).body).toEqual({ completionRate: 0, onTimeRate: 0, earlyRate: 0, streak: 0 });
    const [task] = (await tasksOn(today())).filter((x) => !x.planned);
    await owner.agent.put(`/api/tasks/${task.id}/complete`).send({}).expect(200);
    expect((await owner.agent.get('/api/progress').query({ childId, date: today() }).expect(200)).body.completionRate).toBeGreaterThan(0);
    expect((await owner.agent.get('/api/progress').query({ childId, date: tomorrow }).expect(200)).body.completionRate).toBe(0);
    await owner.agent.put(`/api/tasks/${task.id}/uncomplete`).expect(200);
    await owner.agent.get('/api/progress').query({ childId, date: '2026-02-30' }).expect(400);
  });

  it('a change from tomorrow leaves today as it was; the days from tomorrow follow it', async () => {
    const template = await createDaily('Keppra');
    const tomorrow = addDays(today(), 1);
    const res = await owner.agent
      .put(`/api/repeating-tasks/${template.id}`)
      .send({ effectiveFrom: tomorrow, scheduledTimes: ['07:00', '23:55'], description: '7.5 ml' })
      .expect(200);
    expect(res.body).toMatchObject({ id: template.id, effectiveFrom: tomorrow, scheduledTimes: ['07:00', '23:55'], description: '7.5 ml', name: 'Keppra' });
    expect(res.body.earlierVersions).toEqual([{ from: null, details: expect.objectContaining({ scheduledTimes: [LATE], description: '5 ml' }) }]);

    expect(ofTemplate(await tasksOn(today()), template).map((x) => [x.localTime, x.description, x.planned ?? false])).toEqual([[LATE, '5 ml', false]]);
    expect(ofTemplate(await tasksOn(tomorrow), template).map((x) => [x.localTime, x.description, x.planned])).toEqual([
      ['07:00', '7.5 ml', true],
      ['23:55', '7.5 ml', true],
    ]);
  });

  it('a change from today removes today\'s occurrences it no longer makes (with the reason), adds the new ones, and History shows who changed the schedule', async () => {
    const template = await createDaily('Vitamin D');
    const [old] = ofTemplate(await tasksOn(today()), template);
    await owner.agent.put(`/api/repeating-tasks/${template.id}`).send({ effectiveFrom: today(), scheduledTime: '23:56', name: 'Vitamin D3' }).expect(200);

    const now = ofTemplate(await tasksOn(today()), template);
    expect(now.map((x) => [x.localTime, x.name, x.planned ?? false])).toEqual([['23:56', 'Vitamin D3', false]]);
    await owner.agent.get(`/api/tasks/${old.id}`).expect(404);
    const history: TaskHistoryEntry[] = (await owner.agent.get(`/api/tasks/${old.id}/history`).expect(200)).body.items;
    expect(history.map((e) => [e.type, e.source ?? 'task'])).toEqual([
      ['TaskScheduled', 'task'],
      ['TaskTemplateScheduleChanged', 'schedule'],
      ['TaskRemoved', 'task'],
    ]);
    expect(history[1]).toMatchObject({ actorId: owner.user.id, actorName: expect.stringContaining('Owner'), data: { effectiveFrom: today() } });
    expect(history[2].data.reason).toBe(`Schedule changed from ${today()}`);
    // the new occurrence's History shows the change too
    const newHistory: TaskHistoryEntry[] = (await owner.agent.get(`/api/tasks/${now[0].id}/history`).expect(200)).body.items;
    expect(newHistory.map((e) => e.type)).toContain('TaskTemplateScheduleChanged');
  });

  it('an occurrence kept by a change takes the new name and notes; completed ones are never touched', async () => {
    const template = await createDaily('Iron', [LATE, '23:58']);
    const [first, second] = ofTemplate(await tasksOn(today()), template);
    await owner.agent.put(`/api/tasks/${second.id}/complete`).send({}).expect(200);
    await owner.agent.put(`/api/repeating-tasks/${template.id}`).send({ effectiveFrom: today(), name: 'Iron drops', timeNotes: { [LATE]: 'After lunch' } }).expect(200);
    const after = ofTemplate(await tasksOn(today()), template);
    expect(after.find((x) => x.id === first.id)).toMatchObject({ name: 'Iron drops', timeSpecificNotes: 'After lunch', status: 'pending' });
    expect(after.find((x) => x.id === second.id)).toMatchObject({ name: 'Iron', status: 'completed' });
  });

  it('pause: no planned days until resumed; resume brings them back; listed with isPaused', async () => {
    const template = await createDaily('Stretching');
    const tomorrow = addDays(today(), 1);
    expect((await owner.agent.post(`/api/repeating-tasks/${template.id}/pause`).expect(200)).body).toMatchObject({ id: template.id, isPaused: true });
    expect(ofTemplate(await tasksOn(tomorrow), template)).toEqual([]);
    expect(ofTemplate(await tasksOn(today()), template)).toHaveLength(1); // today's stays
    expect((await repeating()).find((x) => x.id === template.id)).toMatchObject({ isPaused: true });
    const events = await eventCount();
    await owner.agent.post(`/api/repeating-tasks/${template.id}/pause`).expect(200);
    expect(await eventCount()).toBe(events);

    expect((await owner.agent.post(`/api/repeating-tasks/${template.id}/resume`).expect(200)).body).toMatchObject({ isPaused: false });
    expect(ofTemplate(await tasksOn(tomorrow), template)).toHaveLength(1);
  });

  it('stop with a reason: gone from the list and from future days; today\'s and past tasks keep their history; then it cannot change', async () => {
    const template = await createDaily('Antibiotic');
    const [todays] = ofTemplate(await tasksOn(today()), template);
    await owner.agent.delete(`/api/repeating-tasks/${template.id}`).send({ reason: 'Course finished' }).expect(204);
    expect((await repeating()).map((x) => x.id)).not.toContain(template.id);
    expect(ofTemplate(await tasksOn(addDays(today(), 1)), template)).toEqual([]);
    expect(ofTemplate(await tasksOn(today()), template).map((x) => x.id)).toEqual([todays.id]);
    const history: TaskHistoryEntry[] = (await owner.agent.get(`/api/tasks/${todays.id}/history`).expect(200)).body.items;
    expect(history.at(-1)).toMatchObject({ type: 'TaskTemplateDeactivated', source: 'schedule', actorId: owner.user.id, data: { reason: 'Course finished' } });

    const res = await owner.agent.put(`/api/repeating-tasks/${template.id}`).send({ effectiveFrom: today(), scheduledTime: '09:00' }).expect(409);
    expect(res.body.message).toBe(REPEATING_MESSAGES.stopped);
    await owner.agent.post(`/api/repeating-tasks/${template.id}/pause`).expect(409);
    await owner.agent.delete(`/api/repeating-tasks/${template.id}`).send({ reason: 'Again' }).expect(204);
  });

  it('bad input is a clear 400 that records nothing', async () => {
    const template = await createDaily('Zinc');
    const before = await eventCount();
    const cases: [object, string, string][] = [
      [{ effectiveFrom: addDays(today(), -1) }, 'effectiveFrom', REPEATING_MESSAGES.effectiveFromPast],
      [{ effectiveFrom: '2026-02-30' }, 'effectiveFrom', TEMPLATE_MESSAGES.invalidDate],
      [{ effectiveFrom: '2101-01-01' }, 'effectiveFrom', VALIDATION_MESSAGES.dateRange],
      [{ effectiveFrom: '1899-12-31' }, 'effectiveFrom', VALIDATION_MESSAGES.dateRange],
      [{}, 'effectiveFrom', REPEATING_MESSAGES.effectiveFromRequired],
      [{ effectiveFrom: '' }, 'effectiveFrom', REPEATING_MESSAGES.effectiveFromRequired],
      [{ effectiveFrom: today(), scheduledTimes: ['24:00'] }, 'scheduledTimes', TEMPLATE_MESSAGES.invalidTime],
      [{ effectiveFrom: today(), scheduledTimes: [] }, 'scheduledTimes', TEMPLATE_MESSAGES.timesRequired],
      [{ effectiveFrom: today(), daysOfWeek: ['someday'] }, 'daysOfWeek', TEMPLATE_MESSAGES.unknownDay],
      [{ effectiveFrom: addDays(today(), 5), repeatEndDate: addDays(today(), 2) }, 'repeatEndDate', REPEATING_MESSAGES.endBeforeEffectiveFrom],
      [{ effectiveFrom: today(), name: 'x'.repeat(201) }, 'name', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.agent.put(`/api/repeating-tasks/${template.id}`).send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      if (message) expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, message })]));
    }
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
      const res = await owner.agent.delete(`/api/repeating-tasks/${template.id}`).send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect(await eventCount()).toBe(before);
    expect((await repeating()).find((x) => x.id === template.id)).toMatchObject({ isActive: true, scheduledTimes: [LATE] });
  });

  describe('authorization', () => {
    let template: TaskTemplate;
    beforeAll(async () => {
      template = await createDaily('Authz');
    });
    const routes = () => [
      { name: 'GET list', call: (a: TestAgent) => a.get(`/api/children/${childId}/repeating-tasks`), ok: 200, viewer: 200, other: 404 },
      { name: 'PUT change', call: (a: TestAgent) => a.put(`/api/repeating-tasks/${template.id}`).send({ effectiveFrom: addDays(today(), 3), description: `by ${randomUUID()}` }), ok: 200, viewer: 403, other: 404 },
      { name: 'POST pause', call: (a: TestAgent) => a.post(`/api/repeating-tasks/${template.id}/pause`), ok: 200, viewer: 403, other: 404 },
      { name: 'POST resume', call: (a: TestAgent) => a.post(`/api/repeating-tasks/${template.id}/resume`), ok: 200, viewer: 403, other: 404 },
      { name: 'DELETE stop', call: (a: TestAgent) => a.delete(`/api/repeating-tasks/${template.id}`).send({ reason: 'Done' }), ok: 204, viewer: 403, other: 404 },
    ];
    const statuses = async (agent: TestAgent) => {
      const out: Record<string, number> = {};
      for (const route of routes()) out[route.name] = (await route.call(agent)).status;
      return out;
    };
    const expected = (key: 'ok' | 'viewer' | 'other' | 401) => Object.fromEntries(routes().map((r) => [r.name, key === 401 ? 401 : r[key]]));

    it('anonymous: 401 everywhere', async () => {
      expect(await statuses(t.agent())).toEqual(expected(401));
    });

    it('another family: 404 everywhere, and nothing changes', async () => {
      const before = await eventCount();
      expect(await statuses(other.agent)).toEqual(expected('other'));
      expect(await eventCount()).toBe(before);
      await other.agent.put(`/api/repeating-tasks/${randomUUID()}`).send({ effectiveFrom: today() }).expect(404);
      await other.agent.post('/api/repeating-tasks/not-a-uuid/pause').expect(404);
    });

    it('a caregiver without canEdit may list but not change', async () => {
      const before = await eventCount();
      expect(await statuses(viewer.agent)).toEqual(expected('viewer'));
      expect(await eventCount()).toBe(before);
      expect((await repeating(viewer.agent)).map((x) => x.id)).toContain(template.id);
    });

    it('a caregiver with canEdit, and the owner, may do everything', async () => {
      expect(await statuses(editor.agent)).toEqual(expected('ok'));
      template = await createDaily('Authz 2');
      expect(await statuses(owner.agent)).toEqual(expected('ok'));
    });
  });

  it('PUT /api/tasks/{id} with only scheduledTime moves an appointment (its start time no longer wins)', async () => {
    const date = addDays(today(), 3);
    const [appt] = (
      await owner.agent
        .post(`/api/children/${childId}/tasks`)
        .send({ name: 'Checkup', category: 'appointment', scheduledDate: date, appointmentDetails: { type: 'doctor', startTime: '14:00', endTime: '15:00' } })
        .expect(201)
    ).body as Task[];
    const moved: Task = (await owner.agent.put(`/api/tasks/${appt.id}`).send({ scheduledTime: '16:30' }).expect(200)).body;
    expect(moved).toMatchObject({ localTime: '16:30', scheduledDate: date, appointmentDetails: expect.objectContaining({ startTime: '16:30', endTime: '17:30' }) });
  });
});
