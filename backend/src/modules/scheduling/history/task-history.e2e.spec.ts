import type TestAgent from 'supertest/lib/agent';
import request from 'supertest';
import { addDays, localDate, localDateTimeToInstant, PAGE_LIMITS, PAGE_TEXT, type Page, type TaskHistoryEntry, type TaskTemplate, type User } from '@carecircle/libs';
import { encodeCursor } from '../../../platform/http/page';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { occurrenceTaskId } from '../workers/occurrence-ids';
import { TemplateMaterialiser } from '../workers/recurring-tasks.job';

jest.setTimeout(60_000);

const LA = 'America/Los_Angeles';

/**
 * Auditors see who (issue 21): every entry of GET /api/tasks/{id}/history names its actor. An
 * occurrence the recurring-tasks job materialises is recorded in the name of whoever created or
 * last changed its schedule.
 */
describe('task history over HTTP: every entry names its actor', () => {
  let t: TestApp;
  let owner: { agent: TestAgent; user: User };
  let aunt: { agent: TestAgent; user: User };
  let childId: string;

  beforeAll(async () => {
    // Reminders 15 "minutes" of 10 ms (the least) before their time: a reminder sent while the test runs (its
    // tasks are at 07:00 and 08:00 in Los Angeles) would add TaskReminderSent to the histories it compares.
    t = await startTestApp({ REMINDER_MINUTE_MS: '10' });
    owner = await t.signUp({ firstName: 'Maria', lastName: 'Lopez' });
    aunt = await t.signUp({ firstName: 'Rosa', lastName: 'Diaz' });
    childId = (await owner.agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
    await t.grantAccess(childId, owner.user.id, aunt.user.id, true);
  });
  afterAll(() => t.close());

  const history = async (taskId: string, agent = owner.agent): Promise<TaskHistoryEntry[]> => (await agent.get(`/api/tasks/${taskId}/history`).expect(200)).body.items;
  const createDaily = async (name: string, time: string): Promise<TaskTemplate> =>
    (
      await owner.agent
        .post('/api/repeating-tasks')
        .send({ childId, name, category: 'medication', description: '5 ml', isRepeating: true, scheduledTimes: [time], repeatPattern: 'daily' })
        .expect(201)
    ).body.template;
  /** The job's run just after the care team's midnight of `date`. */
  const materialise = (date: string) => t.app.get(TemplateMaterialiser).materialiseDue(new Date(localDateTimeToInstant(date, '00:10', LA)));

  it('an occurrence made by the job names who last changed its schedule (B), not nobody', async () => {
    const tomorrow = addDays(localDate(new Date(), LA), 1);
    const template = await createDaily('Keppra', '08:00');
    // B (edit rights) changes it from tomorrow.
    await aunt.agent.put(`/api/repeating-tasks/${template.id}`).send({ effectiveFrom: tomorrow, description: '7.5 ml' }).expect(200);

    const result = await materialise(tomorrow);
    expect(result.failed).toBe(0);
    const taskId = occurrenceTaskId(template.id, tomorrow, '08:00');
    const entries = await history(taskId);
    expect(entries.map((e) => [e.type, e.source ?? 'task'])).toEqual([
      ['TaskTemplateScheduleChanged', 'schedule'],
      ['TaskScheduled', 'task'],
    ]);
    expect(entries[1]).toMatchObject({ actorId: aunt.user.id, actorName: 'Rosa Diaz', data: { scheduledBy: aunt.user.id, description: '7.5 ml' } });
    expect(entries.every((e) => e.actorId !== null && e.actorName !== null)).toBe(true);
    // The shared caregiver reads the same history.
    expect((await history(taskId, aunt.agent)).map((e) => e.actorName)).toEqual(['Rosa Diaz', 'Rosa Diaz']);
  });

  it('an unchanged schedule’s occurrences name its creator; pausing and resuming makes them the resumer’s', async () => {
    const today = localDate(new Date(), LA);
    const template = await createDaily('Vitamin D', '09:00');
    await materialise(addDays(today, 1));
    expect((await history(occurrenceTaskId(template.id, addDays(today, 1), '09:00')))[0]).toMatchObject({ type: 'TaskScheduled', actorId: owner.user.id, actorName: 'Maria Lopez' });

    await owner.agent.post(`/api/repeating-tasks/${template.id}/pause`).expect(200);
    await aunt.agent.post(`/api/repeating-tasks/${template.id}/resume`).expect(200);
    await materialise(addDays(today, 2));
    const entries = await history(occurrenceTaskId(template.id, addDays(today, 2), '09:00'));
    expect(entries.at(-1)).toMatchObject({ type: 'TaskScheduled', actorId: aunt.user.id, actorName: 'Rosa Diaz' });
    expect(entries.filter((e) => e.source === 'schedule').map((e) => [e.type, e.actorName])).toEqual([
      ['TaskTemplatePaused', 'Maria Lopez'],
      ['TaskTemplateResumed', 'Rosa Diaz'],
    ]);
  });

  describe('pages (?cursor=&limit=)', () => {
    /** Every page of a task's history, `limit` a page; `between` runs after the first page. */
    const walk = async (taskId: string, limit: number, between: () => Promise<unknown> = async () => {}) => {
      const entries: TaskHistoryEntry[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = (await owner.agent.get(`/api/tasks/${taskId}/history`).query({ limit, ...(cursor ? { cursor } : {}) }).expect(200)).body as Page<TaskHistoryEntry>;
        expect(page.items.length).toBeLessThanOrEqual(limit);
        entries.push(...page.items);
        if (++pages === 1) await between();
        cursor = page.next;
      } while (cursor);
      return entries;
    };
    const key = (e: TaskHistoryEntry) => `${e.source ?? 'task'}:${e.revision}`;

    it('walks the whole history in order, one entry a page, with no gaps or repeats while events are added between pages', async () => {
      const today = localDate(new Date(), LA);
      const template = await createDaily('Zyrtec', '07:00');
      const taskId = occurrenceTaskId(template.id, today, '07:00');
      await owner.agent.put(`/api/tasks/${taskId}/complete`).send({}).expect(200);
      await owner.agent.put(`/api/repeating-tasks/${template.id}`).send({ effectiveFrom: addDays(today, 1), description: '2.5 ml' }).expect(200);
      await owner.agent.put(`/api/tasks/${taskId}/uncomplete`).expect(200);
      await owner.agent.post(`/api/repeating-tasks/${template.id}/pause`).expect(200);
      await owner.agent.post(`/api/repeating-tasks/${template.id}/resume`).expect(200);
      const before = await history(taskId);
      
      for (const limit of [1, 2, 3]) expect((await walk(taskId, limit)).map(key)).toEqual(before.map(key));
      // A completion and a schedule change between pages come after everything already there: the walk ends with them.
      const walked = await walk(taskId, 1, async () => {
        await owner.agent.put(`/api/tasks/${taskId}/complete`).send({}).expect(200);
        await owner.agent.post(`/api/repeating-tasks/${template.id}/pause`).expect(200);
      });
      expect(before.map((e) => e.type)).toEqual(['TaskScheduled', 'TaskCompleted', 'TaskTemplateScheduleChanged', expect.any(String), 'TaskTemplatePaused', 'TaskTemplateResumed']);
      expect(walked.map(key).slice(0, before.length)).toEqual(before.map(key));
      expect(walked.slice(before.length).map((e) => e.type)).toEqual(['TaskCompleted', 'TaskTemplatePaused']);
      expect(new Set(walked.map(key)).size).toBe(walked.length);
    });

    it(`limit is 1 to ${PAGE_LIMITS.max}; a malformed or forged cursor is a 400 naming it; another family and anonymous get nothing`, async () => {
      const [{ id: taskId }] = (await owner.agent.post(`/api/children/${childId}/tasks`).send({ name: 'Walk', category: 'personal_care', scheduledTimes: ['10:00'] }).expect(201)).body;
      expect((await owner.agent.get(`/api/tasks/${taskId}/history`).query({ limit: PAGE_LIMITS.max }).expect(200)).body).toMatchObject({ items: [expect.objectContaining({ type: 'TaskScheduled' })], next: null });
      for (const limit of ['0', String(PAGE_LIMITS.max + 1), '1.5', 'all']) {
        expect((await owner.agent.get(`/api/tasks/${taskId}/history`).query({ limit }).expect(400)).body).toMatchObject({ statusCode: 400, errors: [{ field: 'limit', message: PAGE_TEXT.badLimit }] });
      }
      for (const cursor of ['junk', encodeCursor(['1']), encodeCursor(['-1', '0']), encodeCursor(['1', '9'.repeat(20)]), 'x'.repeat(401)]) {
        expect((await owner.agent.get(`/api/tasks/${taskId}/history`).query({ cursor }).expect(400)).body).toMatchObject({ statusCode: 400, errors: [{ field: 'cursor', message: PAGE_TEXT.badCursor }] });
      }
      // A cursor past the end is an empty last page.
      expect((await owner.agent.get(`/api/tasks/${taskId}/history`).query({ cursor: encodeCursor(['99', '99']) }).expect(200)).body).toEqual({ items: [], next: null });
      const stranger = await t.signUp({ firstName: 'Other', lastName: 'Family' });
      await stranger.agent.get(`/api/tasks/${taskId}/history`).query({ cursor: encodeCursor(['0', '0']) }).expect(404);
      await request(t.app.getHttpServer()).get(`/api/tasks/${taskId}/history`).query({ cursor: encodeCursor(['0', '0']) }).expect(401);
      expect((await aunt.agent.get(`/api/tasks/${taskId}/history`).query({ limit: 1 }).expect(200)).body.items).toHaveLength(1);
    });
  });
});
