import type TestAgent from 'supertest/lib/agent';
import { TEMPLATE_MESSAGES, VALIDATION_MESSAGES } from '@carecircle/libs';
import { useTestApp } from '../../test-support/test-app';
import { tasksBetween } from '../../test-support/tasks-between';

/**
 * Issue 7: requests that used to be accepted, appended, and then refused by PostgreSQL in the
 * projections (stalling every projection for every family), and requests that answered 500. Each
 * is now a 400 naming the field, recorded nowhere; the next family's command goes straight through.
 */
describe('odd input: refused before the event, never a 500', () => {
  let owner: TestAgent;
  let childId: string;
  const events = () => t.eventCount();
  const readModels = async () => ({
    children: (await owner.get('/api/children')).body,
    templates: (await owner.get(`/api/children/${childId}/task-templates`)).body,
    tasks: await tasksBetween(owner, childId, '2026-01-01', '2026-12-31'),
  });
  const deep = (levels: number, open = '{"a":', close = '}') => `${open.repeat(levels)}1${close.repeat(levels)}`;

  const t = useTestApp({}, 60_000);
  beforeAll(async () => {
    owner = (await t.signUp()).agent; // the care team's zone: America/Los_Angeles (the default)
    childId = (await owner.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
  }, 60_000);

  /** Sends, expects a 400 naming `field`, and checks that nothing was recorded or projected. */
  async function refused(send: () => Promise<{ status: number; body: { errors?: { field: string }[]; message?: string } }>, field: string) {
    const before = { events: await events(), read: await readModels() };
    const res = await send();
    expect({ status: res.status, fields: (res.body.errors ?? []).map((e) => e.field) }).toEqual({ status: 400, fields: expect.arrayContaining([field]) });
    expect({ events: await events(), read: await readModels() }).toEqual(before);
    return res.body;
  }

  describe('the four poisoning requests', () => {
    it('a care recipient born in year 0', async () => {
      const body = await refused(() => owner.post('/api/children').send({ firstName: 'Z', lastName: 'Y', dateOfBirth: '0000-01-01' }), 'dateOfBirth');
      expect(body.message).toBe(VALIDATION_MESSAGES.dateRange);
    });

    it('a repeating task starting in year 0', async () => {
      await refused(
        () => owner.post('/api/repeating-tasks').send({ childId, name: 'Meds', category: 'medication', scheduledTimes: ['08:00'], repeatStartDate: '0000-01-01' }),
        'repeatStartDate',
      );
    });

    it('a template lasting 2147483648 minutes (past the integer column)', async () => {
      const body = await refused(
        () => owner.post(`/api/children/${childId}/task-templates`).send({ name: 'Meds', category: 'medication', scheduledTimes: ['08:00'], estimatedDuration: 2147483648 }),
        'estimatedDuration',
      );
      expect(body.message).toBe(TEMPLATE_MESSAGES.estimatedDurationMax);
    });

    it('a task on 9999-12-31 at 20:00 Los Angeles time (year 10000 in UTC)', async () => {
      await refused(() => owner.post(`/api/children/${childId}/tasks`).send({ name: 'Meds', category: 'medication', scheduledTimes: ['20:00'], scheduledDate: '9999-12-31' }), 'scheduledDate');
      // the same instant sent as a date-time, and an existing task moved there by an edit
      await refused(() => owner.post(`/api/children/${childId}/tasks`).send({ name: 'Meds', category: 'medication', scheduledTime: '9999-12-31T20:00:00-08:00' }), 'scheduledTime');
      const [task] = (await owner.post(`/api/children/${childId}/tasks`).send({ name: 'Meds', category: 'medication', scheduledTimes: ['20:00'], scheduledDate: '2026-06-01' }).expect(201)).body;
      await refused(() => owner.put(`/api/tasks/${task.id}`).send({ scheduledDate: '9999-12-31' }), 'scheduledDate');
    });

    it('an impossible date is refused, not rolled over', async () => {
      await refused(() => owner.post(`/api/children/${childId}/tasks`).send({ name: 'Meds', category: 'medication', scheduledTimes: ['08:00'], scheduledDate: '2026-02-30' }), 'scheduledDate');
    });
  });

  describe('characters PostgreSQL cannot store, and JSON nested too deep', () => {
    it.each([
      ['a NUL in a name', { firstName: 'Z\u0000', lastName: 'Y' }, 'firstName'],
      ['a lone surrogate in a name', { firstName: 'Z', lastName: '\ud800' }, 'lastName'],
      ['a NUL in a key', { firstName: 'Z', lastName: 'Y', ['notes\u0000']: 'x' }, 'notes\ufffd'],
    ])('%s', async (_, body, field) => {
      await refused(() => owner.post('/api/children').send(body), field);
    });

    it('in nested values: a task note per time and an appointment', async () => {
      await refused(() => owner.post(`/api/children/${childId}/tasks`).send({ name: 'M', category: 'medication', scheduledTimes: ['08:00'], timeNotes: { '08:00': '\udc00' } }), 'timeNotes.08:00');
      await refused(
        () => owner.post(`/api/children/${childId}/tasks`).send({ name: 'Visit', category: 'appointment', scheduledDate: '2026-06-01', appointmentDetails: { type: 'doctor', startTime: '09:00', endTime: '10:00', attendees: ['Mom', 'Dr\u0000'] } }),
        'appointmentDetails.attendees.1',
      );
    });

    it.each([
      ['register, email with a lone surrogate', '/api/auth/register', { email: 'a\ud800@example.com', password: 'correct horse battery', firstName: 'A', lastName: 'B' }, 'email'],
      ['register, email with a NUL', '/api/auth/register', { email: 'a\u0000@example.com', password: 'correct horse battery', firstName: 'A', lastName: 'B' }, 'email'],
      ['login, email with a lone surrogate', '/api/auth/login', { email: 'a\ud800@example.com', password: 'correct horse battery' }, 'email'],
      ['login, password with a NUL', '/api/auth/login', { email: 'a@example.com', password: 'correct\u0000horse' }, 'password'],
    ])('%s', async (_, path, body, field) => {
      await refused(() => t.agent().post(path).send(body), field);
    });

    it('5,000 levels of nesting, in an object or an array', async () => {
      const json = (value: string) => owner.post('/api/children').set('Content-Type', 'application/json').send(value);
      const body = await refused(() => json(`{"firstName":"Z","lastName":"Y","notes":${deep(5000)}}`), 'notes');
      expect(body.message).toBe(VALIDATION_MESSAGES.tooDeep);
      await refused(() => json(deep(5000, '[', ']')), '0');
    });

    it('in the address and the query string: 400, not 500', async () => {
      for (const path of ['/api/children/%00/medications', '/api/tasks/%00', '/api/children/%ED%A0%80/medications', '/api/uploads/a%00.png']) {
        const res = await owner.get(path);
        expect([path, res.status, res.body.errors]).toEqual([path, 400, [{ field: 'path', message: VALIDATION_MESSAGES.badAddress }]]);
      }
      for (const query of ['date=%00', 'childId=%00', 'date=2026-01-01&x%00=1']) {
        const res = await owner.get(`/api/tasks?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
      }
    });
  });

  describe('values computed from valid input stay storable', () => {
    it('a task on the last date at 20:00 Los Angeles time (2101 in UTC) is recorded and projected', async () => {
      const [task] = (await owner.post(`/api/children/${childId}/tasks`).send({ name: 'Meds', category: 'medication', scheduledTimes: ['20:00'], scheduledDate: '2100-12-31' }).expect(201)).body;
      expect(task).toMatchObject({ scheduledDate: '2100-12-31', localTime: '20:00', scheduledTime: expect.stringMatching(/^2101-01-01T04:00:00/) });
    });

    it('the review dialog\'s default end (a year on) stops at the last storable date', async () => {
      const res = await owner.post(`/api/children/${childId}/tasks/bulk`).send({ tasks: [{ time: '08:00', name: 'Meds', category: 'medication' }], startDate: '2100-06-01' }).expect(201);
      expect(res.body.templates[0]).toMatchObject({ repeatStartDate: '2100-06-01', repeatEndDate: '2100-12-31' });
    });
  });

  it('after all of it, another family\'s command goes straight through (no projection is stalled)', async () => {
    const { agent } = await t.signUp();
    const started = Date.now();
    const res = await agent.post('/api/children').send({ firstName: 'Next', lastName: 'Family' });
    expect(res.status).toBe(201);
    // A stalled projection holds a command for the 5 s read-your-writes bound, then answers 503.
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await agent.get('/api/children')).body).toEqual([expect.objectContaining({ id: res.body.id, name: 'Next Family' })]);
  });
});
