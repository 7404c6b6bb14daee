import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { scheduleMedicationBurst } from '../../test-support/medication-burst';
import { TEST_PROJECTION_WAIT_MS } from '../../test-support/projection-wait';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';

const MAIN = resolve(__dirname, '../../../dist/main.js');
const MINUTE_MS = 1000;
const LEASE_MS = 3000;
const COUNT = 600;
jest.setTimeout(180_000);

/**
 * Kill -9 of a worker process in the middle of a burst of reminders: the jobs it had claimed and not
 * finished stay claimed until the lease ends, then another worker process takes them, and every task
 * has exactly one TaskReminderSent and one in-app notification. The API and projector run in this
 * process; the workers are the built server with APP_ROLES=worker on the same database.
 */
describe('reminder claims survive a worker killed mid-batch (SIGKILL)', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];
  const startWorker = () => {
    const worker = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PROJECTION_WAIT_MS: TEST_PROJECTION_WAIT_MS,
        APP_ROLES: 'worker',
        DATABASE_URL: t.databaseUrl,
        QUEUE_PREFIX: t.config.queuePrefix,
        REMINDER_MINUTE_MS: String(MINUTE_MS),
        REMINDER_CLAIM_LEASE_MS: String(LEASE_MS),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(worker);
    return worker;
  };
  const kill = async (worker: ChildProcess) => {
    const exited = new Promise((done) => worker.once('exit', done));
    worker.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first (npm test does)`);
    t = await startTestApp({ APP_ROLES: 'api,projector', REMINDER_MINUTE_MS: String(MINUTE_MS) });
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) await kill(worker);
    await t.close();
  });

  it('takes the dead worker\'s claimed jobs again after the lease, and records each reminder once', async () => {
    const parent = await t.signUp({ firstName: 'Parent' });
    const child = (await parent.agent.post('/api/children').send({ firstName: 'Ada', lastName: 'Lopez' }).expect(201)).body as { id: string };
    const due = new Date(Math.ceil((Date.now() + 25_000 + 15 * MINUTE_MS) / 1000) * 1000);
    const taskIds = await scheduleMedicationBurst(t.app.get<EventStore>(EVENT_STORE), { childId: child.id, actorId: parent.user.id, due, count: COUNT, atOnce: 20 });

    // The first worker process plans the jobs (the scheduler's outbox), then claims them when due.
    const first = startWorker();
    const jobsOf = `SELECT count(*)::int AS n FROM reminder_jobs WHERE task_id = ANY($1::uuid[])`;
    await until('the jobs planned', async () => (await t.sql<{ n: number }>(jobsOf, [taskIds])).rows[0].n === COUNT, due.getTime() - Date.now());
    // Killed as soon as it holds a claim (the burst is a few batches of 256: it is mid-batch).
    const claimed = `SELECT id, task_id, due_at FROM reminder_jobs WHERE claim IS NOT NULL AND task_id = ANY($1::uuid[])`;
    await until('a claim', async () => (await t.sql(claimed, [taskIds])).rows.length > 0, due.getTime() - Date.now() + 30_000);
    await kill(first);

    const recordedSql = `SELECT data->>'taskId' AS task_id, count(*)::int AS n, min(created_at) AS at FROM es_events WHERE type = 'TaskReminderSent' AND data->>'taskId' = ANY($1) GROUP BY 1`;
    const held = (await t.sql<{ id: string; task_id: string; due_at: Date }>(claimed, [taskIds])).rows;
    expect(held.length).toBeGreaterThan(0); // the dead worker's claims, with their leases' ends
    const recordedBefore = new Set((await t.sql<{ task_id: string }>(recordedSql, [taskIds])).rows.map((row) => row.task_id));

    // Another worker process takes over: every job done, each reminder recorded once.
    startWorker();
    await until('every reminder job done', async () => (await t.sql<{ n: number }>(jobsOf, [taskIds])).rows[0].n === 0, 120_000);
    const recorded = (await t.sql<{ task_id: string; n: number; at: Date }>(recordedSql, [taskIds])).rows;
    expect(recorded).toHaveLength(COUNT);
    expect(recorded.filter((row) => row.n !== 1)).toEqual([]);
    // What the dead worker held and had not recorded was recorded only once its lease had ended.
    const at = new Map(recorded.map((row) => [row.task_id, row.at.getTime()]));
    for (const job of held.filter((job) => !recordedBefore.has(job.task_id))) expect(at.get(job.task_id)!).toBeGreaterThanOrEqual(job.due_at.getTime());
    const notified = await until('the in-app notifications', async () => {
      const { rows } = await t.sql<{ n: number; tasks: number }>('SELECT count(*)::int AS n, count(DISTINCT task_id)::int AS tasks FROM notifications WHERE task_id = ANY($1::uuid[])', [taskIds]);
      return rows[0].n >= COUNT && rows[0];
    });
    expect(notified).toEqual({ n: COUNT, tasks: COUNT });
  });
});
