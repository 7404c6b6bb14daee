import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { MaintenanceProcessor } from '../queue/queue.module';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { INVALID_KEY_MESSAGE } from './idempotency-key';
import { IDEMPOTENCY_MESSAGES } from './idempotency';

/** A 1x1 transparent PNG, and a 1x1 GIF. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');
const FUTURE = '2030-01-07';

/** Issue 7: a retried request with the same Idempotency-Key creates nothing twice (docs/http.md). */
describe('Idempotency-Key over HTTP', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'carecircle-idempotency-'));
    t = await startTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const childrenOf = async (agent: TestAgent) => (await agent.get('/api/children').expect(200)).body as { id: string; firstName: string }[];
  const addChild = (agent: TestAgent, key: string | null, body: object = { firstName: 'Maya', lastName: 'Lopez' }) => {
    const req = agent.post('/api/children');
    return key === null ? req.send(body) : req.set('Idempotency-Key', key).send(body);
  };
  const replayed = (res: Response) => res.headers['idempotent-replayed'] === 'true';

  it('answers a repeat with the first answer, marked replayed, and creates one child', async () => {
    const { agent } = await t.signUp();
    const key = randomUUID();
    const first = await addChild(agent, key).expect(201);
    const second = await addChild(agent, key).expect(201);
    expect(replayed(first)).toBe(false);
    expect(replayed(second)).toBe(true);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.body).toMatchObject({ id: first.body.id, firstName: 'Maya' });
    expect(await childrenOf(agent)).toHaveLength(1);
  });

  it('lets ten parallel requests with one key create exactly one child; the others get the replay or 409 in progress', async () => {
    const { agent } = await t.signUp();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => addChild(agent, key, { firstName: 'Leo', lastName: 'Lopez' })));
    const children = await childrenOf(agent);
    expect(children).toHaveLength(1);
    const ran = answers.filter((res) => res.status === 201 && !replayed(res));
    expect(ran).toHaveLength(1);
    for (const res of answers) {
      if (res.status === 201) expect(res.body.id).toBe(children[0].id);
      else expect(res.body).toEqual({ statusCode: 409, message: IDEMPOTENCY_MESSAGES.inProgress, code: 'IDEMPOTENCY.IN_PROGRESS' });
    }
    // Once the first has answered, every retry is a replay.
    const late = await addChild(agent, key, { firstName: 'Leo', lastName: 'Lopez' }).expect(201);
    expect(replayed(late)).toBe(true);
    expect(late.body.id).toBe(children[0].id);
  });

  it('refuses the same key with another body with 422, and changes nothing', async () => {
    const { agent } = await t.signUp();
    const key = randomUUID();
    await addChild(agent, key, { firstName: 'Maya', lastName: 'Lopez' }).expect(201);
    const other = await addChild(agent, key, { firstName: 'Zoe', lastName: 'Lopez' }).expect(422);
    expect(other.body).toEqual({ statusCode: 422, message: IDEMPOTENCY_MESSAGES.reused, code: 'IDEMPOTENCY.KEY_REUSED' });
    expect((await childrenOf(agent)).map((c) => c.firstName)).toEqual(['Maya']);
    // The same body with its keys in another order is the same request.
    const reordered = await addChild(agent, key, { lastName: 'Lopez', firstName: 'Maya' }).expect(201);
    expect(replayed(reordered)).toBe(true);
  });

  it('keeps the keys of two users apart: the same key is independent, and neither sees the other\'s answer', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const key = randomUUID();
    const mine = await addChild(ana.agent, key).expect(201);
    const theirs = await addChild(ben.agent, key).expect(201);
    expect(replayed(theirs)).toBe(false);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await childrenOf(ana.agent)).map((c) => c.id)).toEqual([mine.body.id]);
    expect((await childrenOf(ben.agent)).map((c) => c.id)).toEqual([theirs.body.id]);
    // Another body under the same key is only compared with the user's own request.
    await addChild(ben.agent, randomUUID(), { firstName: 'Other', lastName: 'Body' }).expect(201);
  });

  it.each([['empty', ''], ['too long', 'k'.repeat(256)], ['not ASCII', 'clé-1'], ['a control character', 'a\tb']])(
    'refuses a key that is %s with 400 naming the header, and creates nothing',
    async (_, key) => {
      const { agent } = await t.signUp();
      const res = await addChild(agent, key).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: INVALID_KEY_MESSAGE,
        code: 'IDEMPOTENCY.INVALID_KEY',
        errors: [{ field: 'Idempotency-Key', message: INVALID_KEY_MESSAGE }],
      });
      expect(await childrenOf(agent)).toEqual([]);
    },
  );

  it('stores a 4xx answer of the handler and replays it, with the 255-character limit of a key', async () => {
    const { agent } = await t.signUp();
    const key = 'k'.repeat(255);
    const first = await addChild(agent, key, { firstName: 42 }).expect(400);
    expect(first.body.errors[0].field).toBe('firstName');
    const again = await addChild(agent, key, { firstName: 42 }).expect(400);
    expect(replayed(again)).toBe(true);
    expect(again.text).toBe(first.text);
    expect(await childrenOf(agent)).toEqual([]);
  });

  it('replays a removal without running it again (a second run would answer 404)', async () => {
    const { agent } = await t.signUp();
    const child = (await addChild(agent, null).expect(201)).body;
    const key = randomUUID();
    const first = await agent.delete(`/api/children/${child.id}`).set('Idempotency-Key', key).expect(204);
    const again = await agent.delete(`/api/children/${child.id}`).set('Idempotency-Key', key).expect(204);
    expect([replayed(first), replayed(again)]).toEqual([false, true]);
    await agent.delete(`/api/children/${child.id}`).set('Idempotency-Key', randomUUID()).expect(404);
  });

  it('changes nothing without the header', async () => {
    const { agent } = await t.signUp();
    const first = await addChild(agent, null).expect(201);
    const second = await addChild(agent, null).expect(201);
    expect(replayed(first) || replayed(second)).toBe(false);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await childrenOf(agent)).toHaveLength(2);
  });

  it('leaves sign-in alone: answers carrying a session cookie are never stored or replayed', async () => {
    const key = randomUUID();
    const email = `caregiver-${randomUUID()}@example.com`;
    const body = { email, password: 'correct horse battery', firstName: 'Ana', lastName: 'Silva' };
    const registered = await t.agent().post('/api/auth/register').set('Idempotency-Key', key).send(body).expect(201);
    expect(registered.headers['set-cookie']).toBeDefined();
    // Registering again is refused on its own merits (the email is taken), never replayed with the cookie.
    const again = await t.agent().post('/api/auth/register').set('Idempotency-Key', key).send(body).expect(409);
    expect(replayed(again)).toBe(false);
    expect(again.headers['set-cookie']).toBeUndefined();
    const login = await t.agent().post('/api/auth/login').set('Idempotency-Key', key).send({ email, password: body.password }).expect(200);
    const login2 = await t.agent().post('/api/auth/login').set('Idempotency-Key', key).send({ email, password: body.password }).expect(200);
    expect(replayed(login2)).toBe(false);
    const session = (res: { headers: Record<string, unknown> }) => ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('cc.sid='));
    expect(session(login2)).toBeDefined();
    expect(session(login2)).not.toBe(session(login));
    const { rows } = await t.sql('SELECT count(*)::int AS n FROM idempotency_keys WHERE path LIKE $1', ['/api/auth/%']);
    expect(rows[0].n).toBe(0);
  }, 20_000); // four argon2 hashes on a busy machine

  describe('every create endpoint', () => {
    let agent: TestAgent;
    let childId: string;
    beforeAll(async () => {
      agent = (await t.signUp()).agent;
      childId = (await addChild(agent, null).expect(201)).body.id;
    });
    const count = async (path: string, pick: (body: unknown) => unknown[] = (body) => body as unknown[]) => pick((await agent.get(path).expect(200)).body).length;
    const templates = () => count(`/api/children/${childId}/task-templates`);
    const task = { name: 'Bath', category: 'personal_care', scheduledTimes: ['18:00'], scheduledDate: FUTURE };
    const bulk = { tasks: [{ time: '09:00', name: 'Keppra', category: 'medication', dosage: '250mg', description: '', isUrgent: false, priority: 'medium' }], startDate: FUTURE, endDate: '2030-02-01', daysOfWeek: [1] };
    const template = {
      childId: '', name: 'Stretching', category: 'exercise_activity', isUrgent: false, priority: 'medium', isRepeating: true,
      scheduledTimes: ['07:30'], repeatStartDate: FUTURE, daysOfWeek: ['monday'], repeatPattern: 'custom', repeatInterval: 1, isTemplate: false,
    };

    it.each([
      ['POST /api/children', () => agent.post('/api/children'), { firstName: 'Sam', lastName: 'Lopez' }, () => count('/api/children')],
      ['POST /api/children/{id}/medications', () => agent.post(`/api/children/${childId}/medications`), { name: 'Baclofen', dosage: '5 mg' }, () => count(`/api/children/${childId}/medications`)],
      ['POST /api/children/{id}/tasks', () => agent.post(`/api/children/${childId}/tasks`), task, () => count(`/api/children/${childId}/tasks?date=${FUTURE}`)],
      ['POST /api/children/{id}/tasks/bulk', () => agent.post(`/api/children/${childId}/tasks/bulk`), bulk, templates],
      ['POST /api/children/{id}/task-templates', () => agent.post(`/api/children/${childId}/task-templates`), template, templates],
      ['POST /api/repeating-tasks', () => agent.post('/api/repeating-tasks'), template, templates],
    ])('%s creates once per key', async (_, post, rawBody, counted) => {
      const body = 'childId' in rawBody ? { ...rawBody, childId } : rawBody;
      const before = await counted();
      const key = randomUUID();
      const first = await post().set('Idempotency-Key', key).send(body).expect(201);
      const again = await post().set('Idempotency-Key', key).send(body).expect(201);
      expect(replayed(again)).toBe(true);
      expect(again.text).toBe(first.text);
      expect(await counted()).toBe(before + 1);
    });

    it('POST /api/upload stores one image per key, though each retry is framed with a new multipart boundary', async () => {
      // Images are rows of `uploads` (docs/operations.md).
      const files = async () => (await t.sql<{ name: string }>('SELECT name FROM uploads')).rows;
      const before = await files();
      const key = randomUUID();
      const upload = (image: Buffer) => agent.post('/api/upload').set('Idempotency-Key', key).attach('file', image, { filename: 'photo.png', contentType: 'image/png' });
      const first = await upload(PNG).expect(201);
      const again = await upload(PNG).expect(201);
      expect(replayed(again)).toBe(true);
      expect(again.body).toEqual(first.body);
      expect((await files()).length).toBe(before.length + 1);
      await upload(GIF).expect(422);
      expect((await files()).length).toBe(before.length + 1);
    });
  });

  it('forgets keys after 24 hours: the worker\'s hourly chore prunes them, and an expired key runs again', async () => {
    const { agent, user } = await t.signUp();
    const key = randomUUID();
    const first = await addChild(agent, key).expect(201);
    const live = await addChild(agent, randomUUID(), { firstName: 'Kept', lastName: 'Key' }).expect(201);
    await t.sql(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND idempotency_key = $2`, [user.id, key]);
    // Expired but not pruned yet: the key is free again.
    const afterExpiry = await addChild(agent, key).expect(201);
    expect(replayed(afterExpiry)).toBe(false);
    expect(afterExpiry.body.id).not.toBe(first.body.id);

    await t.sql(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND idempotency_key = $2`, [user.id, key]);
    expect(await t.app.get(MaintenanceProcessor).pruneIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    const { rows } = await t.sql('SELECT idempotency_key FROM idempotency_keys WHERE user_id = $1', [user.id]);
    expect(rows.map((r) => r.idempotency_key)).not.toContain(key);
    expect(rows).toHaveLength(1);
    expect(live.status).toBe(201);
  });
});
