import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import {
  APPOINTMENT_MESSAGES,
  formatClockTime,
  instantToLocal,
  localDate,
  REMOVE_TASK_REASON_REQUIRED,
  TASK_MESSAGES,
  type Task,
  type User,
} from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { useTestApp } from '../../test-support/test-app';
import { tasksBetween } from '../../test-support/tasks-between';
import { expectRouteStatuses } from '../../test-support/route-statuses';

describe('tasks over HTTP', () => {
  let owner: TestAgent;
  let ownerUser: User;
  let otherFamily: TestAgent;
  let childId: string;
  const ZONE = 'Europe/Paris'; // the care team's zone: the primary caregiver's profile, not Pacific

  const t = useTestApp({}, 60_000);
  beforeAll(async () => {
    ({ agent: owner, user: ownerUser } = await t.signUp({ firstName: 'Ana', lastName: 'Silva' }));
    await owner.patch('/api/user/timezone').send({ timezone: ZONE }).expect(200);
    otherFamily = (await t.signUp({ firstName: 'Other' })).agent;
    childId = (await owner.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
  }, 60_000);

  const today = () => localDate(new Date(), ZONE);
  const create = async (body: object, agent = owner, child = childId): Promise<Task[]> =>
    (await agent.post(`/api/children/${child}/tasks`).send(body).expect(201)).body;
  const one = async (body: object = {}) => (await create({ name: 'Oxybutynin', category: 'medication', scheduledTimes: ['09:00'], ...body }))[0];

  describe('create', () => {
    it('creates one task per time, today in the care team zone, answering the list', async () => {
      const tasks = await create({
        name: 'Catheterization',
        description: 'Clean technique',
        category: 'catheterization',
        priority: 'high',
        isUrgent: false,
        medicationId: 'none',
        scheduledTimes: ['18:00', '06:00', '12:00', '06:00'],
        timeNotes: { '06:00': 'Before breakfast' },
        timeSlot: 'morning',
      });
      expect(tasks.map((task) => task.localTime)).toEqual(['06:00', '12:00', '18:00']);
      for (const task of tasks) {
        expect(task).toMatchObject({
          childId,
          childName: 'Maya Lopez',
          name: 'Catheterization',
          description: 'Clean technique',
          category: 'catheterization',
          status: 'pending',
          priority: 'high',
          isUrgent: true, // high priority makes it urgent
          medicationId: null,
          scheduledDate: today(),
          timezone: ZONE,
          timeSlot: 'morning',
        });
        expect(instantToLocal(task.scheduledTime, ZONE)).toEqual({ date: today(), time: task.localTime });
      }
      expect(tasks[0].timeSpecificNotes).toBe('Before breakfast');
      expect(tasks[1].timeSpecificNotes).toBeNull();
      expect(new Set(tasks.map((task) => task.taskGroupId)).size).toBe(1);
      expect(tasks[0].taskGroupId).not.toBeNull();
    });

    it('accepts scheduledTime and scheduledDate as HH:MM / yyyy-mm-dd or ISO date-times', async () => {
      const [a] = await create({ name: 'Therapy', category: 'therapy_session', scheduledTime: '10:00', scheduledDate: '2026-12-01' });
      expect(a).toMatchObject({ scheduledDate: '2026-12-01', localTime: '10:00', scheduledTime: '2026-12-01T09:00:00.000Z', priority: 'medium', isUrgent: false });
      const [b] = await create({ name: 'Walk', category: 'exercise_activity', scheduledTime: '2026-12-01T16:30:00.000Z' });
      expect(b).toMatchObject({ scheduledDate: '2026-12-01', localTime: '17:30' });
    });

    it('links a medication of the same child only', async () => {
      const med = (await owner.post(`/api/children/${childId}/medications`).send({ name: 'Baclofen', dosage: '5 mg' }).expect(201)).body;
      expect((await one({ medicationId: med.id })).medicationId).toBe(med.id);
      const otherChild = (await owner.post('/api/children').send({ firstName: 'Leo', lastName: 'Lopez' }).expect(201)).body.id;
      const res = await owner.post(`/api/children/${otherChild}/tasks`).send({ name: 'X', category: 'medication', scheduledTimes: ['09:00'], medicationId: med.id }).expect(400);
      expect(res.body.message).toBe(TASK_MESSAGES.medicationNotFound);
      await owner.post(`/api/children/${childId}/tasks`).send({ name: 'X', category: 'medication', scheduledTimes: ['09:00'], medicationId: 'abc' }).expect(400);
    });

    it('creates an appointment at its start time with the defaults', async () => {
      const [appointment] = await create({
        name: 'Checkup',
        category: 'appointment',
        scheduledDate: '2026-12-02',
        appointmentDetails: { type: 'doctor', subtype: 'pediatrician', startTime: '14:00', endTime: '15:00', location: 'Clinic', attendees: ['Dr. Patel'], travelTime: '15', prepTime: 'abc' },
      });
      expect(appointment).toMatchObject({
        category: 'appointment',
        scheduledDate: '2026-12-02',
        localTime: '14:00',
        appointmentDetails: { type: 'doctor', subtype: 'pediatrician', startTime: '14:00', endTime: '15:00', location: 'Clinic', attendees: 'Dr. Patel', reminders: ['24h', '2h'], travelTime: 15, prepTime: 0, isTelemedicine: false, videoLink: null },
      });
    });

    const appointment = { type: 'doctor', startTime: '14:00', endTime: '15:00' };
    it.each([
      ['missing name', { category: 'medication', scheduledTimes: ['09:00'] }, TASK_MESSAGES.nameRequired],
      ['blank name', { name: '  ', category: 'medication', scheduledTimes: ['09:00'] }, TASK_MESSAGES.nameRequired],
      ['missing category', { name: 'A', scheduledTimes: ['09:00'] }, TASK_MESSAGES.categoryRequired],
      ['unknown category', { name: 'A', category: 'therapy', scheduledTimes: ['09:00'] }, TASK_MESSAGES.unknownCategory],
      ['no time', { name: 'A', category: 'medication' }, TASK_MESSAGES.timesRequired],
      ['bad time', { name: 'A', category: 'medication', scheduledTimes: ['9am'] }, TASK_MESSAGES.invalidTime],
      ['bad single time', { name: 'A', category: 'medication', scheduledTime: '25:00' }, TASK_MESSAGES.invalidTime],
      ['bad date', { name: 'A', category: 'medication', scheduledTimes: ['09:00'], scheduledDate: 'tomorrow' }, TASK_MESSAGES.invalidDate],
      ['impossible date', { name: 'A', category: 'medication', scheduledTimes: ['09:00'], scheduledDate: '2026-02-30' }, TASK_MESSAGES.invalidDate],
      ['bad priority', { name: 'A', category: 'medication', scheduledTimes: ['09:00'], priority: 'urgent' }, TASK_MESSAGES.unknownPriority],
      ['appointment without type', { name: 'A', category: 'appointment', scheduledDate: '2026-12-02', appointmentDetails: { ...appointment, type: '' } }, APPOINTMENT_MESSAGES.typeRequired],
      ['appointment without date', { name: 'A', category: 'appointment', appointmentDetails: appointment }, APPOINTMENT_MESSAGES.dateRequired],
      ['appointment without end', { name: 'A', category: 'appointment', scheduledDate: '2026-12-02', appointmentDetails: { ...appointment, endTime: null } }, APPOINTMENT_MESSAGES.timesRequired],
      ['appointment ending first', { name: 'A', category: 'appointment', scheduledDate: '2026-12-02', appointmentDetails: { ...appointment, endTime: '13:00' } }, APPOINTMENT_MESSAGES.endAfterStart],
    ])('refuses %s with 400 and its message, recording nothing', async (_, body, message) => {
      const before = (await tasksBetween(owner, childId, '2026-01-01', '2026-12-31')).length;
      const res = await owner.post(`/api/children/${childId}/tasks`).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect((await tasksBetween(owner, childId, '2026-01-01', '2026-12-31')).length).toBe(before);
    });

    it.each([
      ['a number for a name', { name: 42, category: 'medication', scheduledTimes: ['09:00'] }],
      ['a string for isUrgent', { name: 'A', category: 'medication', scheduledTimes: ['09:00'], isUrgent: 'yes' }],
      ['a string for scheduledTimes', { name: 'A', category: 'medication', scheduledTimes: '09:00' }],
      ['numbers in scheduledTimes', { name: 'A', category: 'medication', scheduledTimes: [900] }],
      ['an object for a date', { name: 'A', category: 'medication', scheduledTimes: ['09:00'], scheduledDate: { y: 2026 } }],
      ['a list for appointmentDetails', { name: 'A', category: 'appointment', scheduledDate: '2026-12-02', appointmentDetails: [1] }],
      ['a number for the appointment type', { name: 'A', category: 'appointment', scheduledDate: '2026-12-02', appointmentDetails: { type: 1, startTime: '14:00', endTime: '15:00' } }],
      ['nested timeNotes', { name: 'A', category: 'medication', scheduledTimes: ['09:00'], timeNotes: { '09:00': { x: 1 } } }],
      ['an array body', [1, 2]],
    ])('refuses wrong types: %s', async (_, body) => {
      const res = await owner.post(`/api/children/${childId}/tasks`).send(body as object);
      expect(res.status).toBe(400);
    });
  });

  describe('complete, uncomplete, edit, remove, history', () => {
    it('complete (with notes) then uncomplete', async () => {
      const task = await one();
      const done = (await owner.put(`/api/tasks/${task.id}/complete`).send({ notes: 'Given with food' }).expect(200)).body;
      expect(done).toMatchObject({ id: task.id, status: 'completed', notes: 'Given with food', completedBy: ownerUser.id, completedByName: 'Ana Silva', isOverdue: false });
      const again = await owner.put(`/api/tasks/${task.id}/complete`).expect(409);
      expect(again.body).toEqual({
        statusCode: 409,
        code: 'SCHEDULING.TASK_ALREADY_COMPLETED',
        message: `Already given by Ana Silva at ${formatClockTime(instantToLocal(done.completedAt, ZONE).time)}`,
        completedBy: ownerUser.id,
        completedByName: 'Ana Silva',
        completedAt: done.completedAt,
      });
      const undone = (await owner.put(`/api/tasks/${task.id}/uncomplete`).expect(200)).body;
      expect(undone).toMatchObject({ status: 'pending', completedAt: null, completedBy: null, completedByName: null, notes: null });
      await owner.put(`/api/tasks/${task.id}/complete`).expect(200); // completed -> pending -> completed
    });

    it('edits only the fields sent; edit appointment as the spec sends it', async () => {
      const task = await one({ description: 'Keep' });
      const edited = (await owner.put(`/api/tasks/${task.id}`).send({ name: 'Oxybutynin 1 ml', scheduledTime: '10:15' }).expect(200)).body;
      expect(edited).toMatchObject({ name: 'Oxybutynin 1 ml', description: 'Keep', localTime: '10:15', scheduledDate: task.scheduledDate });
      const [appointment] = await create({ name: 'Dentist', category: 'appointment', scheduledDate: '2026-12-03', appointmentDetails: { type: 'doctor', startTime: '09:00', endTime: '10:00' } });
      const res = await owner
        .put(`/api/tasks/${appointment.id}`)
        .send({
          name: 'Dentist (moved)',
          category: 'appointment',
          description: 'Type: doctor\nLocation: Main St\nReminders: 24h, 2h\nTravel Time: 20 minutes',
          priority: 'high',
          isUrgent: true,
          scheduledDate: '2026-12-04',
          scheduledTime: '2026-12-04T10:30:00.000Z',
          appointmentDetails: { type: 'doctor', startTime: '11:30', endTime: '12:00', location: 'Main St', travelTime: 20 },
        })
        .expect(200);
      expect(res.body).toMatchObject({ name: 'Dentist (moved)', priority: 'high', isUrgent: true, scheduledDate: '2026-12-04', localTime: '11:30', scheduledTime: '2026-12-04T10:30:00.000Z' });
      expect(res.body.appointmentDetails).toMatchObject({ startTime: '11:30', endTime: '12:00', location: 'Main St', travelTime: 20, reminders: ['24h', '2h'] });
      const bad = await owner.put(`/api/tasks/${appointment.id}`).send({ appointmentDetails: { endTime: '11:00' } }).expect(400);
      expect(bad.body.message).toBe(APPOINTMENT_MESSAGES.endAfterStart);
      await owner.put(`/api/tasks/${task.id}`).send({ category: 'nope' }).expect(400);
      await owner.put(`/api/tasks/${task.id}`).send({ scheduledDate: '2026-13-01' }).expect(400);
      await owner.put(`/api/tasks/${task.id}`).send({ isUrgent: 'no' }).expect(400);
    });

    it('removal needs a reason, is permanent, and the history keeps it, in order', async () => {
      const task = await one();
      await owner.put(`/api/tasks/${task.id}/complete`).send({}).expect(200);
      for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 7 }]) {
        const res = await owner.delete(`/api/tasks/${task.id}`).send(body).expect(400);
        expect(res.body.message).toBe(REMOVE_TASK_REASON_REQUIRED);
      }
      expect((await owner.delete(`/api/tasks/${task.id}`)).status).toBe(400); // no body at all
      await owner.delete(`/api/tasks/${task.id}`).send({ reason: ' Doctor stopped it ' }).expect(204);
      await owner.get(`/api/tasks/${task.id}`).expect(404);
      await owner.put(`/api/tasks/${task.id}/complete`).expect(404);
      await owner.put(`/api/tasks/${task.id}/uncomplete`).expect(404);
      await owner.put(`/api/tasks/${task.id}`).send({ name: 'x' }).expect(404);
      await owner.delete(`/api/tasks/${task.id}`).send({ reason: 'again' }).expect(404);
      expect((await owner.get(`/api/tasks?childId=${childId}&date=${task.scheduledDate}`)).body.map((x: Task) => x.id)).not.toContain(task.id);

      const history = (await owner.get(`/api/tasks/${task.id}/history`).expect(200)).body.items;
      expect(history.map((e: { type: string }) => e.type)).toEqual(['TaskScheduled', 'TaskCompleted', 'TaskRemoved']);
      expect(history.map((e: { revision: number }) => e.revision)).toEqual([0, 1, 2]);
      expect(history[2]).toMatchObject({ actorId: ownerUser.id, actorName: 'Ana Silva', data: { reason: 'Doctor stopped it', removedBy: ownerUser.id } });
      expect(Date.parse(history[0].occurredAt)).toBeLessThanOrEqual(Date.parse(history[2].occurredAt));
      expect(JSON.stringify(history)).not.toMatch(/password|hash|secret/i);
      await otherFamily.get(`/api/tasks/${task.id}/history`).expect(404);
    });

    it('20 concurrent completions: exactly one 200, 19 x 409 naming who and when, one TaskCompleted', async () => {
      const task = await one({ name: 'Seizure med' });
      const responses = await Promise.all(Array.from({ length: 20 }, () => owner.put(`/api/tasks/${task.id}/complete`).send({})));
      const ok = responses.filter((r) => r.status === 200);
      const conflicts = responses.filter((r) => r.status === 409);
      expect(responses.filter((r) => r.status !== 200 && r.status !== 409).map((r) => [r.status, r.body])).toEqual([]);
      expect(ok).toHaveLength(1);
      expect(conflicts).toHaveLength(19);
      const { completedAt } = ok[0].body;
      for (const conflict of conflicts) {
        expect(conflict.body).toMatchObject({
          code: 'SCHEDULING.TASK_ALREADY_COMPLETED',
          completedBy: ownerUser.id,
          completedByName: 'Ana Silva',
          completedAt,
          message: `Already given by Ana Silva at ${formatClockTime(instantToLocal(completedAt, ZONE).time)}`,
        });
      }
      const stream = await t.app.get<EventStore>(EVENT_STORE).readStream(`task-${task.id}`);
      expect(stream.filter((e) => e.type === 'TaskCompleted')).toHaveLength(1);
    }, 30_000);
  });

  describe('views', () => {
    it('day view (both paths) and range, in the spec order; another day is empty', async () => {
      const child = (await owner.post('/api/children').send({ firstName: 'Zoe', lastName: 'Lopez' }).expect(201)).body.id;
      const date = '2026-12-10';
      const [late, early] = [
        (await create({ name: 'Late', category: 'medication', scheduledTimes: ['20:00'], scheduledDate: date }, owner, child))[0],
        (await create({ name: 'Early', category: 'medication', scheduledTimes: ['08:00'], scheduledDate: date }, owner, child))[0],
      ];
      await owner.put(`/api/tasks/${early.id}/complete`).expect(200);
      const byQuery = (await owner.get(`/api/tasks?childId=${child}&date=${date}`).expect(200)).body;
      expect(byQuery.map((x: Task) => x.name)).toEqual(['Late', 'Early']); // pending before completed
      const byPath = (await owner.get(`/api/children/${child}/tasks?date=${date}`).expect(200)).body;
      expect(byPath).toEqual(byQuery);
      const range = (await owner.get(`/api/children/${child}/tasks?startDate=2026-12-09&endDate=2026-12-16`).expect(200)).body;
      expect(range.map((x: Task) => x.id).sort()).toEqual([late.id, early.id].sort());
      expect((await owner.get(`/api/children/${child}/tasks?date=2026-12-11`).expect(200)).body).toEqual([]);
      expect((await owner.get(`/api/tasks/${late.id}`).expect(200)).body).toMatchObject({ id: late.id, childName: 'Zoe Lopez' });
      // today by default, in the care team zone
      const [now] = await create({ name: 'Now', category: 'medication', scheduledTimes: ['23:59'] }, owner, child);
      expect((await owner.get(`/api/children/${child}/tasks`).expect(200)).body.map((x: Task) => x.id)).toEqual([now.id]);
      expect((await owner.get('/api/tasks').expect(200)).body.map((x: Task) => x.id)).toContain(now.id);
    });

    it.each([
      '/api/tasks?date=tomorrow',
      '/api/tasks?childId=not-a-uuid',
      '/api/tasks?date=2026-02-30',
      '/api/children/{child}/tasks?date=2026-1-1',
      '/api/children/{child}/tasks?startDate=2026-12-10&endDate=2026-12-01',
      '/api/children/{child}/tasks?startDate=2026-01-01&endDate=2027-06-01',
      '/api/children/not-a-uuid/tasks',
    ])('refuses bad queries: %s', async (path) => {
      await owner.get(path.replace('{child}', childId)).expect(400);
    });

    it('unknown and non-UUID task ids are 404', async () => {
      for (const id of [randomUUID(), 'not-a-uuid', '1']) {
        await owner.get(`/api/tasks/${id}`).expect(404);
        await owner.put(`/api/tasks/${id}/complete`).expect(404);
        await owner.get(`/api/tasks/${id}/history`).expect(404);
        await owner.delete(`/api/tasks/${id}`).send({ reason: 'x' }).expect(404);
      }
    });
  });

  describe('authorization: owner, another family, anonymous, read-only caregiver', () => {
    let taskId: string;
    let removable: string;
    beforeAll(async () => {
      taskId = (await one({ name: 'Private task' })).id;
      removable = (await one({ name: 'To remove' })).id;
    });

    const routes = () => [
      { name: 'POST tasks', call: (a: TestAgent) => a.post(`/api/children/${childId}/tasks`).send({ name: 'A', category: 'medication', scheduledTimes: ['09:00'] }), owner: 201, other: 404, reader: 403 },
      { name: 'GET tasks?childId', call: (a: TestAgent) => a.get(`/api/tasks?childId=${childId}&date=${today()}`), owner: 200, other: 404, reader: 200 },
      { name: 'GET child tasks', call: (a: TestAgent) => a.get(`/api/children/${childId}/tasks?date=${today()}`), owner: 200, other: 404, reader: 200 },
      { name: 'GET child tasks range', call: (a: TestAgent) => a.get(`/api/children/${childId}/tasks?startDate=${today()}&endDate=${today()}`), owner: 200, other: 404, reader: 200 },
      { name: 'GET task', call: (a: TestAgent) => a.get(`/api/tasks/${taskId}`), owner: 200, other: 404, reader: 200 },
      { name: 'GET history', call: (a: TestAgent) => a.get(`/api/tasks/${taskId}/history`), owner: 200, other: 404, reader: 200 },
      { name: 'PUT task', call: (a: TestAgent) => a.put(`/api/tasks/${taskId}`).send({ description: 'changed' }), owner: 200, other: 404, reader: 403 },
      { name: 'PUT complete', call: (a: TestAgent) => a.put(`/api/tasks/${taskId}/complete`).send({}), owner: 200, other: 404, reader: 403 },
      { name: 'PUT uncomplete', call: (a: TestAgent) => a.put(`/api/tasks/${taskId}/uncomplete`), owner: 200, other: 404, reader: 403 },
      { name: 'DELETE task', call: (a: TestAgent) => a.delete(`/api/tasks/${removable}`).send({ reason: 'Not needed' }), owner: 204, other: 404, reader: 403 },
    ];

    it('anonymous callers get 401 everywhere', async () => {
      await expectRouteStatuses(routes(), t.agent(), () => 401);
    });

    it('another family gets 404 and changes nothing; its own task list does not show the task', async () => {
      await expectRouteStatuses(routes(), otherFamily, (route) => route.other);
      expect((await otherFamily.get('/api/tasks').expect(200)).body).toEqual([]);
      expect((await owner.get(`/api/tasks/${taskId}`).expect(200)).body).toMatchObject({ status: 'pending', description: null });
    });

    it('a caregiver the child is shared with read-only can read but not change', async () => {
      const { user: grandpa, agent: reader } = await t.signUp({ firstName: 'Grandpa' });
      await t.grantAccess(childId, ownerUser.id, grandpa.id, false);
      await expectRouteStatuses(routes(), reader, (route) => route.reader);
    });

    it('the owner can do everything', async () => {
      await expectRouteStatuses(routes(), owner, (route) => route.owner);
    });

    it('removing the recipient removes its tasks from every view', async () => {
      const child = (await owner.post('/api/children').send({ firstName: 'Gone', lastName: 'Soon' }).expect(201)).body.id;
      const [task] = await create({ name: 'Orphan', category: 'medication', scheduledTimes: ['09:00'] }, owner, child);
      await owner.delete(`/api/children/${child}`).expect(204);
      await owner.get(`/api/tasks/${task.id}`).expect(404);
      expect((await owner.get('/api/tasks').expect(200)).body.map((x: Task) => x.id)).not.toContain(task.id);
    });
  });
});
