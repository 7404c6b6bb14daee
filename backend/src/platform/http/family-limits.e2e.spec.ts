import type TestAgent from 'supertest/lib/agent';
import { FAMILY_LIMITS, LIMIT_MESSAGES } from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { startTestApp, type TestApp } from '../../test-support/test-app';

/**
 * Issue 22: every collection a family grows has a stated maximum (docs/validation.md). At the limit
 * the request is answered; one past it is a 400 naming the limit that records nothing. (The Care Hub
 * lists' limits are tested in care-hub.e2e.spec.ts.)
 */
describe('family limits: at the limit 2xx, one past it 400 naming it', () => {
  let t: TestApp;
  /** The store's last position now. */
  const head = async () => BigInt((await t.sql<{ head: string }>('SELECT coalesce(max(global_position), 0)::text AS head FROM es_events')).rows[0].head);
  /**
   * What requests recorded after `position` (the store holds hundreds of tasks' events here: read
   * from there, not decrypted whole each time); the workers' own events (actor null) come and go.
   */
  const recordedAfter = async (position: bigint) =>
    (await t.app.get<EventStore>(EVENT_STORE).readAll(position)).filter((e) => e.metadata.actorId !== null).map((e) => `${e.type} ${e.streamId}`);
  const times = (n: number) => Array.from({ length: n }, (_, i) => `${String(i % 24).padStart(2, '0')}:${i < 24 ? '00' : '30'}`);
  const schedule = (name: string, scheduledTimes = ['08:00']) => ({ name, category: 'medication', isRepeating: true, scheduledTimes });

  /** Sends, expects a 400 with `message`, and checks that no event was recorded and `read` did not change. */
  async function refused(send: () => Promise<{ status: number; body: { message?: string } }>, message: string, read: () => Promise<unknown>) {
    const [before, readBefore] = [await head(), await read()];
    const res = await send();
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    expect({ recorded: await recordedAfter(before), read: await read() }).toEqual({ recorded: [], read: readBefore });
  }

  beforeAll(async () => {
    // No worker role: reaching the limits makes hundreds of tasks, whose reminders and escalations
    // (work of the worker, not of these requests) only slowed the test, by the time of day.
    t = await startTestApp({ APP_ROLES: 'api,projector' });
  }, 60_000);
  afterAll(() => t.close());

  describe('schedules', () => {
    let owner: TestAgent;
    let childId: string;
    const templates = async () => (await owner.get(`/api/children/${childId}/task-templates`).expect(200)).body as { id: string; isActive: boolean }[];

    beforeAll(async () => {
      owner = (await t.signUp()).agent;
      childId = (await owner.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
    });

    it(`a schedule has at most ${FAMILY_LIMITS.timesPerSchedule} times a day: a template, a repeating task and one task's times`, async () => {
      await owner.post(`/api/children/${childId}/task-templates`).send(schedule('Hourly drops', times(24))).expect(201);
      await refused(() => owner.post(`/api/children/${childId}/task-templates`).send(schedule('Too often', times(25))), LIMIT_MESSAGES.timesPerSchedule, templates);
      await refused(() => owner.post('/api/repeating-tasks').send({ childId, ...schedule('Too often', times(25)) }), LIMIT_MESSAGES.timesPerSchedule, templates);
      const day = async () => (await owner.get(`/api/children/${childId}/tasks?date=2026-06-01`).expect(200)).body;
      await refused(
        () => owner.post(`/api/children/${childId}/tasks`).send({ name: 'Too often', category: 'medication', scheduledDate: '2026-06-01', scheduledTimes: times(25) }),
        LIMIT_MESSAGES.timesPerSchedule,
        day,
      );
      expect((await owner.post(`/api/children/${childId}/tasks`).send({ name: 'Hourly', category: 'medication', scheduledDate: '2026-06-01', scheduledTimes: times(24) }).expect(201)).body).toHaveLength(24);
    });

    it(`a recipient has at most ${FAMILY_LIMITS.tasksPerRecipientPerDay} tasks a day, scheduled there or moved there`, async () => {
      const date = '2026-07-01';
      const day = async () => (await owner.get(`/api/children/${childId}/tasks?date=${date}`).expect(200)).body;
      const post = (n: number, on = date) => owner.post(`/api/children/${childId}/tasks`).send({ name: 'Check', category: 'other', scheduledDate: on, scheduledTimes: times(n) });
      const max = FAMILY_LIMITS.tasksPerRecipientPerDay;
      for (let made = 0; made < max; made += 24) await post(Math.min(24, max - made)).expect(201);
      expect(await day()).toHaveLength(max);
      await refused(() => post(1), LIMIT_MESSAGES.tasksPerRecipientPerDay, day);
      const [elsewhere] = (await post(1, '2026-07-02').expect(201)).body;
      await refused(() => owner.put(`/api/tasks/${elsewhere.id}`).send({ scheduledDate: date }), LIMIT_MESSAGES.tasksPerRecipientPerDay, day);
      await owner.put(`/api/tasks/${elsewhere.id}`).send({ scheduledDate: '2026-07-03' }).expect(200);
    }, 120_000);

    it(`a recipient has at most ${FAMILY_LIMITS.schedulesPerRecipient} active schedules, the bulk approve included; a stopped one frees its place`, async () => {
      const max = FAMILY_LIMITS.schedulesPerRecipient;
      const bulk = (n: number, label = 'Bulk') => ({ tasks: Array.from({ length: n }, (_, i) => ({ time: '09:00', name: `${label} ${i}`, category: 'medication', priority: 'medium' })) });
      // Up to one short of the limit in one request: a hundred requests in a row each wait for their
      // read models, which on a loaded host took minutes.
      const have = (await templates()).filter((x) => x.isActive).length;
      await owner.post(`/api/children/${childId}/tasks/bulk`).send(bulk(max - 1 - have, 'Schedule')).expect(201);
      expect((await templates()).filter((x) => x.isActive)).toHaveLength(max - 1);
      // one short: a bulk approve of two is refused whole, of one is answered
      await refused(() => owner.post(`/api/children/${childId}/tasks/bulk`).send(bulk(2)), LIMIT_MESSAGES.schedulesPerRecipient, templates);
      await owner.post(`/api/children/${childId}/tasks/bulk`).send(bulk(1)).expect(201);
      expect((await templates()).filter((x) => x.isActive)).toHaveLength(max);
      // full: a template, a repeating task and a bulk approve are refused
      await refused(() => owner.post(`/api/children/${childId}/task-templates`).send(schedule('One too many')), LIMIT_MESSAGES.schedulesPerRecipient, templates);
      await refused(() => owner.post('/api/repeating-tasks').send({ childId, ...schedule('One too many') }), LIMIT_MESSAGES.schedulesPerRecipient, templates);
      await refused(() => owner.post(`/api/children/${childId}/tasks/bulk`).send(bulk(1)), LIMIT_MESSAGES.schedulesPerRecipient, templates);
      // stopping one frees a place; parallel requests for it get exactly one
      const [first] = await templates();
      await owner.delete(`/api/repeating-tasks/${first.id}`).send({ reason: 'Finished' }).expect(204);
      const statuses = await Promise.all(Array.from({ length: 5 }, (_, i) => owner.post(`/api/children/${childId}/task-templates`).send(schedule(`Race ${i}`)).then((res) => res.status)));
      expect(statuses.sort()).toEqual([201, 400, 400, 400, 400]);
      expect((await templates()).filter((x) => x.isActive)).toHaveLength(max);
    }, 120_000);
  });

  it(`a caregiver adds at most ${FAMILY_LIMITS.recipientsPerCaregiver} care recipients; parallel requests cannot pass it`, async () => {
    const { agent } = await t.signUp();
    const children = async () => (await agent.get('/api/children').expect(200)).body;
    const max = FAMILY_LIMITS.recipientsPerCaregiver;
    for (let i = 0; i < max - 2; i++) await agent.post('/api/children').send({ firstName: `Child ${i}`, lastName: 'Lee' }).expect(201);
    const statuses = await Promise.all(Array.from({ length: 5 }, (_, i) => agent.post('/api/children').send({ firstName: `Race ${i}`, lastName: 'Lee' }).then((res) => res.status)));
    expect(statuses.sort()).toEqual([201, 201, 400, 400, 400]);
    expect(await children()).toHaveLength(max);
    await refused(() => agent.post('/api/children').send({ firstName: 'One', lastName: 'Too many' }), LIMIT_MESSAGES.recipientsPerCaregiver, children);
  });
});
