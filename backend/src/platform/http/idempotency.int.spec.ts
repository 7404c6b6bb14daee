import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import express, { type Request } from 'express';
import { Pool } from 'pg';
import request from 'supertest';
import { ProjectionLagError } from '../projections/projection-runner';
import { createMigratedTestDatabase, type TestDatabase } from '../../test-support/database';
import { IDEMPOTENCY_MESSAGES, idempotency } from './idempotency';

/**
 * The middleware on its own, on real PostgreSQL, in front of routes that a test can hold, fail or
 * make throw: what the whole app cannot show on demand (a 5xx, a request still running, a crash).
 */
describe('idempotency middleware', () => {
  let database: TestDatabase;
  let pool: Pool;
  const runs = new Map<string, number>();
  let gate: Promise<void> = Promise.resolve();

  const run = (name: string) => {
    const n = (runs.get(name) ?? 0) + 1;
    runs.set(name, n);
    return n;
  };
  /** Reads a request body to its end, as multer would, and answers its SHA-256. */
  const readBody = (req: Request) =>
    new Promise<string>((resolve, reject) => {
      const hash = createHash('sha256');
      req.pipe(new Writable({ write: (chunk: Buffer, _, done) => (hash.update(chunk), done()) })).on('finish', () => resolve(hash.digest('hex'))).on('error', reject);
    });

  const app = express();
  app.use(express.json());
  app.use((req, _res, next) => {
    const userId = req.get('x-user');
    if (userId) Object.assign(req, { session: { userId } });
    next();
  });
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 5 });
    app.use('/api', idempotency(pool, { ignoredPaths: [/^\/auth\//] }));
    app.post('/api/held', async (_req, res) => {
      const n = run('held');
      await gate;
      res.status(201).json({ run: n });
    });
    app.post('/api/flaky', (_req, res) => {
      const n = run('flaky');
      if (n === 1) res.status(500).json({ statusCode: 500, message: 'Something went wrong on our side. Please try again.' });
      else res.status(201).json({ run: n });
    });
    app.post('/api/throws', (_req, res) => {
      if (run('throws') === 1) throw new Error('boom');
      res.status(201).json({ run: 2 });
    });
    app.post('/api/lagging', (_req, res) => {
      run('lagging');
      res.status(503).json({ statusCode: 503, message: new ProjectionLagError().message, code: new ProjectionLagError().code });
    });
    app.post('/api/throttled', (_req, res) => {
      res.status(run('throttled') === 1 ? 429 : 201).json({ run: runs.get('throttled') });
    });
    app.post('/api/cookie', (_req, res) => {
      res.cookie('cc.sid', `secret-${run('cookie')}`, { httpOnly: true }).status(201).json({ ok: true });
    });
    app.post('/api/upload', async (req, res) => {
      const n = run('upload');
      res.status(201).json({ sha256: await readBody(req), run: n });
    });
    app.post('/api/refused', (_req, res) => {
      run('refused');
      res.status(403).json({ statusCode: 403, message: 'Not yours' });
    });
    app.post('/api/auth/login', (_req, res) => {
      res.status(200).json({ run: run('login') });
    });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const post = (path: string, key: string, user = 'a1f3c6de-5b0a-4e2c-9a53-1f0b8f3e0a01') =>
    request(app).post(path).set('x-user', user).set('Idempotency-Key', key);

  it('answers 409 with Retry-After while the first request runs, then replays its answer', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const key = randomUUID();
    const first = post('/api/held', key).send({ a: 1 }).then((res) => res);
    await waitFor(async () => (await pool.query('SELECT 1 FROM idempotency_keys WHERE idempotency_key = $1', [key])).rowCount === 1);
    const during = await post('/api/held', key).send({ a: 1 }).expect(409);
    expect(during.body).toEqual({ statusCode: 409, message: IDEMPOTENCY_MESSAGES.inProgress, code: 'IDEMPOTENCY.IN_PROGRESS' });
    expect(during.headers['retry-after']).toBe('1');
    open();
    expect((await first).status).toBe(201);
    const after = await post('/api/held', key).send({ a: 1 }).expect(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.body).toEqual({ run: 1 });
    expect(runs.get('held')).toBe(1);
  });

  it('releases the key on a 5xx answer, so a retry runs again', async () => {
    const key = randomUUID();
    await post('/api/flaky', key).send({}).expect(500);
    const retry = await post('/api/flaky', key).send({}).expect(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body).toEqual({ run: 2 });
    expect((await post('/api/flaky', key).send({}).expect(201)).body).toEqual({ run: 2 });
  });

  it('releases the key when the handler throws (an answer written without res.send)', async () => {
    const key = randomUUID();
    await post('/api/throws', key).send({}).expect(500);
    await waitFor(async () => (await pool.query('SELECT 1 FROM idempotency_keys WHERE idempotency_key = $1', [key])).rowCount === 0);
    expect((await post('/api/throws', key).send({}).expect(201)).body).toEqual({ run: 2 });
  });

  it('keeps the 503 that says the change was saved: running it again would save it twice', async () => {
    const key = randomUUID();
    const first = await post('/api/lagging', key).send({}).expect(503);
    const again = await post('/api/lagging', key).send({}).expect(503);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(runs.get('lagging')).toBe(1);
  });

  it('does not keep a 429: "not now" is not the answer to the request', async () => {
    const key = randomUUID();
    await post('/api/throttled', key).send({}).expect(429);
    expect((await post('/api/throttled', key).send({}).expect(201)).headers['idempotent-replayed']).toBeUndefined();
  });

  it('never stores or replays a cookie of the first answer', async () => {
    const key = randomUUID();
    const first = await post('/api/cookie', key).send({}).expect(201);
    expect(first.headers['set-cookie']?.[0]).toContain('secret-1');
    const again = await post('/api/cookie', key).send({}).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['set-cookie']).toBeUndefined();
    const { rows } = await pool.query('SELECT * FROM idempotency_keys WHERE idempotency_key = $1', [key]);
    expect(JSON.stringify(rows)).not.toContain('secret');
  });

  it('lets a retry claim a key abandoned in progress for 5 minutes (its process died), and not sooner', async () => {
    const user = randomUUID();
    const [fresh, stale] = [randomUUID(), randomUUID()];
    for (const [key, age] of [[fresh, '4 minutes'], [stale, '6 minutes']]) {
      await pool.query(
        `INSERT INTO idempotency_keys (user_id, method, path, idempotency_key, fingerprint, claim, created_at, expires_at)
         VALUES ($1, 'POST', '/api/flaky', $2, NULL, $3, now() - $4::interval, now() + interval '1 hour')`,
        [user, key, randomUUID(), age],
      );
    }
    await post('/api/flaky', fresh, user).send({}).expect(409);
    const claimed = await post('/api/flaky', stale, user).send({}).expect(201);
    expect(claimed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('compares multipart bodies by content, not by their random boundary', async () => {
    const key = randomUUID();
    const upload = (content: string) => post('/api/upload', key).field('note', 'hello').attach('file', Buffer.from(content), 'a.txt');
    const first = await upload('same bytes').expect(201);
    const again = await upload('same bytes').expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    await upload('other bytes').expect(422);
    expect(runs.get('upload')).toBe(1);
  });

  it('stores a multipart answer sent before the route read the body, with the whole body as its fingerprint', async () => {
    const key = randomUUID();
    const send = (content: Buffer) => post('/api/refused', key).attach('file', content, 'a.bin');
    const big = Buffer.alloc(300_000, 7);
    await send(big).expect(403);
    const again = await send(big).expect(403);
    expect(again.headers['idempotent-replayed']).toBe('true');
    await send(Buffer.concat([big, Buffer.from([1])])).expect(422);
    expect(runs.get('refused')).toBe(1);
  });

  it('leaves ignored paths, anonymous requests and safe methods alone', async () => {
    const key = randomUUID();
    await post('/api/auth/login', key).send({}).expect(200);
    expect((await post('/api/auth/login', key).send({}).expect(200)).body).toEqual({ run: 2 });
    await request(app).post('/api/flaky').set('Idempotency-Key', 'x'.repeat(300)).send({}).expect((res) => expect(res.status).not.toBe(400));
    await request(app).get('/api/flaky').set('x-user', randomUUID()).set('Idempotency-Key', '').expect(404);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
