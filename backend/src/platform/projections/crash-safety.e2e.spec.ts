import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { DEFAULT_TIMEZONE, instantToLocal } from '@carecircle/libs';
import { createTestDatabase, type TestDatabase } from '../../test-support/database';
import { freePort } from '../../test-support/free-port';
import { TEST_PROJECTION_WAIT_MS } from '../../test-support/projection-wait';
import { deleteRedisKeys } from '../../test-support/redis-keys';

const MAIN = resolve(__dirname, '../../../dist/main.js');


/**
 * Kill -9 in the middle of a burst of completions, with reminders firing: every completion the
 * server acknowledged (2xx) is there exactly once after a restart, in the read models and in the
 * task's history, no task is completed twice, and the projections catch up (stored checkpoints too,
 * for projections that only skip the last events).
 */
describe('crash safety (SIGKILL during a burst of completions)', () => {
  let database: TestDatabase;
  let server: ChildProcess | null = null;
  let port: number;
  const prefix = `cc-crash-${randomUUID()}`;

  const start = async () => {
    server = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PROJECTION_WAIT_MS: TEST_PROJECTION_WAIT_MS, PORT: String(port), DATABASE_URL: database.url, QUEUE_PREFIX: prefix, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (healthy) return;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const kill = async () => {
    const running = server!;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGKILL');
    await exited;
    server = null;
  };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first (npm test does)`);
    database = await createTestDatabase();
    port = await freePort();
  });
  afterAll(async () => {
    if (server) await kill();
    await Promise.all([database.drop(), deleteRedisKeys(process.env.REDIS_URL || 'redis://127.0.0.1:6379', prefix)]);
  });

  it('keeps every acknowledged completion exactly once', async () => {
    await start();
    const agent = request.agent(`http://127.0.0.1:${port}`);
    await agent.post('/api/auth/register').send({ email: `crash-${randomUUID()}@example.com`, password: 'correct horse battery', firstName: 'Ana', lastName: 'Silva' }).expect(201);
    const tasks: { id: string }[] = [];
    for (const name of ['Cath', 'Meds', 'Feed']) {
      const child = (await agent.post('/api/children').send({ firstName: name, lastName: 'Lopez' }).expect(201)).body;
      // Due in the next 40 minutes: medication reminders fire (and append) during the burst and after the restart.
      // Two requests of 20 times: one task takes at most 24 times a day (docs/validation.md).
      const times = Array.from({ length: 40 }, (_, n) => instantToLocal(new Date(Date.now() + (n + 1) * 60_000), DEFAULT_TIMEZONE).time);
      for (const half of [times.slice(0, 20), times.slice(20)]) {
        tasks.push(...(await agent.post(`/api/children/${child.id}/tasks`).send({ name, category: 'medication', scheduledTimes: half }).expect(201)).body);
      }
    }

    // 120 completions, 12 at a time; the server is killed once 30 have been acknowledged.
    const acknowledged = new Set<string>();
    let killing: Promise<void> | null = null;
    const queue = [...tasks];
    const complete = async () => {
      for (let task = queue.shift(); task && !killing; task = queue.shift()) {
        const answer = await agent.put(`/api/tasks/${task.id}/complete`).send({}).then((r) => r.status, () => 0);
        if (answer >= 200 && answer < 300) acknowledged.add(task.id);
        if (acknowledged.size >= 30) killing ??= kill();
      }
    };
    await Promise.all(Array.from({ length: 12 }, complete));
    await killing;
    expect(acknowledged.size).toBeGreaterThanOrEqual(30);
    expect(acknowledged.size).toBeLessThan(tasks.length);

    await start();
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      // The projections catch up with everything the store holds.
      const caughtUp = async () => {
        const { rows } = await db.query(
          `SELECT bool_and(c.position >= (SELECT max(global_position) FROM es_events)) AS done, count(*)::int AS n FROM projection_checkpoints c`,
        );
        return rows[0].done === true && rows[0].n >= 9;
      };
      const deadline = Date.now() + 20_000;
      while (!(await caughtUp())) {
        if (Date.now() > deadline) {
          const { rows } = await db.query('SELECT name, position FROM projection_checkpoints WHERE position < (SELECT max(global_position) FROM es_events)');
          throw new Error(`projections did not catch up after the restart: ${JSON.stringify(rows)}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }

      const completed = new Set((await db.query(`SELECT id FROM daily_tasks WHERE status = 'completed'`)).rows.map((row) => row.id as string));
      for (const id of acknowledged) expect(completed.has(id)).toBe(true);
      for (const task of tasks) {
        const history = (await agent.get(`/api/tasks/${task.id}/history`).expect(200)).body.items as { type: string }[];
        const completions = history.filter((event) => event.type === 'TaskCompleted').length;
        expect(completions).toBe(completed.has(task.id) ? 1 : 0);
        if (acknowledged.has(task.id)) expect(completions).toBe(1);
      }
      // Completing again is refused by the double-dose guard, never recorded twice.
      const again = await agent.put(`/api/tasks/${[...acknowledged][0]}/complete`).send({});
      expect(again.status).toBe(409);
    } finally {
      await db.end();
    }
  }, 120_000);
});
