import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { freePort } from '../test-support/free-port';
import { TEST_PROJECTION_WAIT_MS } from '../test-support/projection-wait';
import { deleteRedisKeys } from '../test-support/redis-keys';

const MAIN = resolve(__dirname, '../../dist/main.js');


/** A 1x1 PNG with a text of its own after it (still a PNG by its signature). */
const photo = (marker: string) =>
  Buffer.concat([
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
    Buffer.from(marker),
  ]);

interface Started {
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  dataDir: string;
}

/**
 * The docker-compose shape on one machine: two processes of the built server with APP_ROLES=api and
 * one with APP_ROLES=worker,projector, on one database and one Redis prefix, configured as in
 * production (NODE_ENV=production, DATA_KEY_SECRET, SESSION_SECRET), each with a DATA_DIR of its
 * own. A caregiver's requests alternate between the two API processes, as behind a load balancer.
 */
describe('scale-out: two api processes and one worker,projector process', () => {
  let database: TestDatabase;
  const started: Started[] = [];
  const prefix = `cc-scale-${randomUUID()}`;
  let apiA: string;
  let apiB: string;
  const shared = {
    NODE_ENV: 'production',
    DATA_KEY_SECRET: randomUUID() + randomUUID(),
    SESSION_SECRET: randomUUID() + randomUUID(),
    QUEUE_PREFIX: prefix,
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
    FRONTEND_DIST: '/nonexistent',
  };

  const start = async (env: Record<string, string>): Promise<Started> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cc-scale-'));
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PROJECTION_WAIT_MS: TEST_PROJECTION_WAIT_MS, ...shared, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const entry = { process: child, output, exited, dataDir };
    started.push(entry);
    return entry;
  };

  /** Resolves once the process has logged `message`; fails when it exits first or after a minute. */
  const logged = async (entry: Started, message: string) => {
    const deadline = Date.now() + 90_000;
    while (!entry.output.join('').includes(message)) {
      if (entry.process.exitCode !== null) throw new Error(`the process exited (${entry.process.exitCode}):\n${entry.output.join('').slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`no "${message}" within 90 s:\n${entry.output.join('').slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first (npm test does)`);
    database = await createTestDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    apiA = `http://127.0.0.1:${portA}`;
    apiB = `http://127.0.0.1:${portB}`;
    const a = await start({ APP_ROLES: 'api', PORT: String(portA) });
    // The first process migrates the database (the others would wait on the migration lock anyway).
    await logged(a, 'CareCircle is running on');
    const [b, workerProjector] = await Promise.all([start({ APP_ROLES: 'api', PORT: String(portB) }), start({ APP_ROLES: 'worker,projector' })]);
    await Promise.all([logged(b, 'CareCircle is running on'), logged(workerProjector, 'CareCircle is running without the api role')]);
  }, 150_000);

  afterAll(async () => {
    for (const entry of started) {
      if (entry.process.exitCode === null) entry.process.kill('SIGINT');
    }
    await Promise.all(started.map((entry) => entry.exited));
    await Promise.all(started.map((entry) => rm(entry.dataDir, { recursive: true, force: true })));
    // The processes' queues (a worker's repeatable jobs outlived the run before).
    await Promise.all([database?.drop(), deleteRedisKeys(process.env.REDIS_URL || 'redis://127.0.0.1:6379', prefix)]);
  }, 60_000);

  /** Registers a caregiver through one API process; answers the session cookie, good on every process. */
  const signUp = async (through: string) => {
    const res = await request(through)
      .post('/api/auth/register')
      .send({ email: `scale-${randomUUID()}@example.com`, password: 'correct horse battery', firstName: 'Ana', lastName: 'Silva' })
      .expect(201);
    return (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  };

  it('reads its writes across processes: a completion through A is in the day read through B at once, and back', async () => {
    const cookie = await signUp(apiA);
    const child = (await request(apiB).post('/api/children').set('Cookie', cookie).send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body as { id: string };
    const times = Array.from({ length: 12 }, (_, n) => `${String(8 + n).padStart(2, '0')}:00`);
    const tasks = (await request(apiA).post(`/api/children/${child.id}/tasks`).set('Cookie', cookie).send({ name: 'Stretches', category: 'exercise_activity', scheduledTimes: times }).expect(201))
      .body as { id: string; scheduledDate: string }[];
    expect(tasks).toHaveLength(12);
    const day = tasks[0].scheduledDate;
    const statusOn = async (through: string, taskId: string) => {
      const res = await request(through).get(`/api/children/${child.id}/tasks`).query({ date: day }).set('Cookie', cookie).expect(200);
      return (res.body as { id: string; status: string }[]).find((task) => task.id === taskId)?.status;
    };

    // Each completion is answered by one process; the very next read goes to the other one.
    for (const [n, task] of tasks.entries()) {
      const [writer, reader] = n % 2 === 0 ? [apiA, apiB] : [apiB, apiA];
      await request(writer).put(`/api/tasks/${task.id}/complete`).set('Cookie', cookie).send({}).expect(200);
      expect(await statusOn(reader, task.id)).toBe('completed');
    }
    // Undo through B, read through A; and the task itself, not only the day.
    await request(apiB).put(`/api/tasks/${tasks[0].id}/uncomplete`).set('Cookie', cookie).send({}).expect(200);
    expect(await statusOn(apiA, tasks[0].id)).toBe('pending');
    const one = await request(apiA).get(`/api/tasks/${tasks[1].id}`).set('Cookie', cookie).expect(200);
    expect(one.body).toMatchObject({ id: tasks[1].id, status: 'completed' });
  }, 120_000);

  it('serves a photo uploaded through A from B, with the same access rules, and writes it to no disk', async () => {
    const owner = await signUp(apiA);
    const stranger = await signUp(apiB);
    const bytes = photo(`scale-out-${randomUUID()}`);
    const { url } = (await request(apiA).post('/api/upload').set('Cookie', owner).attach('file', bytes, { filename: 'photo.png', contentType: 'image/png' }).expect(201)).body as {
      url: string;
    };
    const back = await request(apiB)
      .get(url)
      .set('Cookie', owner)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['cache-control']).toBe('private, max-age=300');
    expect(Buffer.compare(back.body as Buffer, bytes)).toBe(0);
    await request(apiB).get(url).set('Cookie', stranger).expect(404);
    await request(apiB).get(url).expect(401);

    // Attached to a recipient through B, it is the recipient's profile photo on A too.
    const child = (await request(apiB).post('/api/children').set('Cookie', owner).send({ firstName: 'Leo', lastName: 'Lopez', profileImageUrl: url }).expect(201)).body as { id: string };
    await request(apiA).get(url).set('Cookie', owner).expect(200);
    // Removing the recipient through A erases the photo on every process.
    await request(apiA).delete(`/api/children/${child.id}`).set('Cookie', owner).expect(204);
    await request(apiB).get(url).set('Cookie', owner).expect(404);

    for (const entry of started) expect(await readdir(join(entry.dataDir, 'uploads')).catch(() => [])).toEqual([]);
  }, 60_000);

  it('refuses to start in production without DATA_KEY_SECRET, naming it', async () => {
    const entry = await start({ APP_ROLES: 'api', PORT: String(await freePort()), DATA_KEY_SECRET: '' });
    expect(await entry.exited).toBe(1);
    expect(entry.output.join('')).toContain('DATA_KEY_SECRET must be set in production');
  }, 60_000);
});
