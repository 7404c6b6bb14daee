import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { freePort } from '../test-support/free-port';
import {
  CAREGIVER_COUNTS, CELL_MS, DAY_VIEW_CLIENTS, HISTORY_DAYS, TIMES_PER_DAY,
  cell, client, dayViewCell, latencyRow, ok, signUpCaregivers, writeHistory, type Caregiver, type Client,
} from './http-bench';
import type { BenchReport } from './report';

/** The built server, as docker-compose runs it (this file runs as dist/bench/scale-out.bench.js). */
const MAIN = resolve(__dirname, '../main.js');
const START_MS = 90_000;
/** What a process keeps of its output, for the error when it fails. */
const OUTPUT_CHARS = 20_000;

interface ServerProcess {
  process: ChildProcess;
  output: string;
  exited: Promise<void>;
  dataDir: string;
}

/** The built server with `env` over the shared production-like settings, each process with a DATA_DIR of its own. */
async function startServer(database: TestDatabase, shared: Record<string, string>, env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cc-bench-scale-'));
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...shared, DATABASE_URL: database.url, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry: ServerProcess = { process: child, output: '', exited: new Promise((done) => child.once('exit', () => done())), dataDir };
  const keep = (chunk: Buffer) => (entry.output = (entry.output + chunk.toString()).slice(-OUTPUT_CHARS));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return entry;
}

/** Resolves once `isReady` holds; fails when the process exits first or after START_MS. */
async function ready(entry: ServerProcess, what: string, isReady: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (!(await isReady())) {
    if (entry.process.exitCode !== null) throw new Error(`${what} exited (${entry.process.exitCode}):\n${entry.output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${START_MS / 1000} s:\n${entry.output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const healthy = (base: string) => async () => (await fetch(`${base}/api/health`).catch(() => null))?.status === 200;

async function stop(entry: ServerProcess): Promise<void> {
  if (entry.process.exitCode === null && entry.process.signalCode === null) {
    entry.process.kill('SIGINT');
    const killed = setTimeout(() => entry.process.kill('SIGKILL'), 20_000);
    await entry.exited;
    clearTimeout(killed);
  }
  await rm(entry.dataDir, { recursive: true, force: true });
}

/** A counter of the answers that were the projections' bounded wait running out. */
interface Lag {
  n: number;
}

/**
 * 200, or null for the 503 that says the change is saved but the projections did not show it within
 * their bounded wait (PLATFORM.PROJECTION_LAG, counted in `lag`); any other answer fails the bench.
 */
async function unlessLagging(res: Promise<Response>, lag: Lag): Promise<Response | null> {
  const r = await res;
  if (r.status === 200) return r;
  const body = await r.text();
  if (r.status === 503 && body.includes('PLATFORM.PROJECTION_LAG')) {
    lag.n++;
    return null;
  }
  throw new Error(`${r.url}: ${r.status} ${body}`);
}

/** The day of a caregiver's task, read through `api`: the task's status there ('missing': not in the day; null: a lag 503). */
async function statusIn(api: Client, { children, taskId, taskDate }: Caregiver, lag: Lag): Promise<string | null> {
  const res = await unlessLagging(api.call('GET', `/api/children/${children[0]}/tasks?date=${taskDate}`), lag);
  if (!res) return null;
  return ((await res.json()) as { id: string; status: string }[]).find((task) => task.id === taskId)?.status ?? 'missing';
}

/**
 * The docker-compose shape on one machine: two `api` processes and one `worker,projector` process of
 * the built server on one database and Redis prefix, as scale-out.e2e.spec.ts starts them. The same
 * figures as tasks.bench.ts with each caregiver's requests spread over both api processes (as a
 * round-robin load balancer would: one caregiver's tick goes to one, the untick to the other), and
 * read-your-writes checked across processes on every completion of the "+ reads" cells.
 */
export async function scaleOutBenchmark(): Promise<BenchReport> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm run build first (npm run bench does)`);
  const database = await createTestDatabase('cc_bench');
  const shared = {
    NODE_ENV: 'production',
    DATA_KEY_SECRET: randomUUID() + randomUUID(),
    SESSION_SECRET: randomUUID() + randomUUID(),
    QUEUE_PREFIX: `cc-bench-scale-${randomUUID()}`,
    // 50 caregivers register from one address.
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
    FRONTEND_DIST: '/nonexistent',
  };
  const servers: ServerProcess[] = [];
  try {
    const apis = [`http://127.0.0.1:${await freePort()}`, `http://127.0.0.1:${await freePort()}`];
    const api = (base: string) => startServer(database, shared, { APP_ROLES: 'api', PORT: new URL(base).port, LOG_LEVEL: 'error' });
    // The first process migrates the database; the others start once it has.
    servers.push(await api(apis[0]));
    await ready(servers[0], 'api A', healthy(apis[0]));
    servers.push(await api(apis[1]), await startServer(database, shared, { APP_ROLES: 'worker,projector', LOG_LEVEL: 'info' }));
    await Promise.all([
      ready(servers[1], 'api B', healthy(apis[1])),
      ready(servers[2], 'worker,projector', () => servers[2].output.includes('CareCircle is running without the api role')),
    ]);

    // 50 caregivers (each with 4 children and one pending task), each with a client per api process on one
    // session. 10 at a time: 50 at once held the projector back past the commands' 5 s wait (a 503) on the shared machine.
    const caregivers = (await signUpCaregivers(apis, Math.max(...CAREGIVER_COUNTS), 10)).map((c) => ({ ...c, via: apis.map((base) => client(base, c.session)) }));
    const bare = apis.map((base) => client(base));
    /** The floor of the same processes: GET /api/login, a public route answering a constant redirect, without a session. */
    const floorCell = (clients: number) =>
      cell(Array.from({ length: clients }, (_, i) => {
        let n = i;
        return async () => void (await (await ok(bare[n++ % 2].call('GET', '/api/login'), 302)).arrayBuffer());
      }));

    let checks = 0;
    let stale = 0;
    const staleSeen: string[] = [];
    /** A read after a write through the other process; a read the server refused with a lag 503 is not one. */
    const check = (status: string | null, want: string, how: string) => {
      if (status === null) return;
      checks++;
      if (status === want) return;
      stale++;
      if (staleSeen.length < 5) staleSeen.push(`${how}: ${status}, not ${want}`);
    };

    /** A cell's latencies, and how many of its timed calls were answered per second from its start until its last answer. */
    const counted = async (run: () => Promise<number[]>) => {
      const began = performance.now();
      const latencies = await run();
      return Object.assign(latencies, { perSecond: (latencies.length / ((performance.now() - began) / 1000)).toFixed(0) });
    };
    const row = (label: string, ours: number[] & { perSecond: string }, floor: number[], lag: Lag, staleColumn = '') => {
      const [name, count, ...rest] = latencyRow(label, ours, floor);
      return [name, count, ours.perSecond, ...rest, String(lag.n), staleColumn];
    };
    const rows: string[][] = [];
    const checkedRows: string[][] = [];
    for (const count of CAREGIVER_COUNTS) {
      const team = caregivers.slice(0, count);
      const label = `complete, ${count} caregiver${count > 1 ? 's' : ''}`;
      // As tasks.bench.ts: tick (timed) through one process, untick (untimed) through the other.
      let turns = team.map((_, i) => i);
      let lag: Lag = { n: 0 };
      const tick = ({ via, taskId }: (typeof team)[number], i: number) => unlessLagging(via[turns[i] % 2].call('PUT', `/api/tasks/${taskId}/complete`, {}), lag);
      const ours = await counted(() => cell(
        team.map((caregiver, i) => async () => void (await tick(caregiver, i))),
        team.map(({ via, taskId }, i) => async () => void (await unlessLagging(via[++turns[i] % 2].call('PUT', `/api/tasks/${taskId}/uncomplete`), lag))),
      ));
      const floor = await floorCell(count);
      rows.push(row(label, ours, floor, lag));
      // Read-your-writes: after each tick the day is read through the other process, then the untick
      // goes there and the day is read back through the first one. Every completion is checked, but
      // for those answered with a lag 503 (saved, "taking longer than usual to show").
      turns = team.map((_, i) => i);
      lag = { n: 0 };
      const ticked = team.map(() => false);
      const [checksBefore, staleBefore] = [checks, stale];
      const checked = await counted(() => cell(
        team.map((caregiver, i) => async () => void (ticked[i] = (await tick(caregiver, i)) !== null)),
        team.map((caregiver, i) => async () => {
          const w = turns[i]++ % 2;
          const [writer, reader] = [caregiver.via[w], caregiver.via[1 - w]];
          const [wrote, read] = w === 0 ? ['A', 'B'] : ['B', 'A'];
          if (ticked[i]) check(await statusIn(reader, caregiver, lag), 'completed', `tick through ${wrote}, day through ${read}`);
          const unticked = await unlessLagging(reader.call('PUT', `/api/tasks/${caregiver.taskId}/uncomplete`), lag);
          if (unticked) check(await statusIn(writer, caregiver, lag), 'pending', `untick through ${read}, day through ${wrote}`);
        }),
      ));
      checkedRows.push(row(`${label} + reads`, checked, floor, lag, `${stale - staleBefore} of ${checks - checksBefore}`));
    }

    const allChildren = caregivers.flatMap((c) => c.children);
    const history = await writeHistory(database.url, allChildren);
    const viewers = caregivers.slice(0, DAY_VIEW_CLIENTS);
    const view = await counted(() => dayViewCell(history, viewers.map(({ children, via }) => ({ children, via: (k: number) => via[k % 2] }))));
    const viewRow = row(`day view, ${DAY_VIEW_CLIENTS} clients`, view, await floorCell(DAY_VIEW_CLIENTS), { n: 0 });

    return {
      title: `Scale out: 2 api processes + 1 worker,projector process of dist/main.js, PostgreSQL ${history.serverVersion}, Node ${process.version}, ${cpus().length} cores`,
      notes: [
        'The docker-compose shape: APP_ROLES=api twice and APP_ROLES=worker,projector once, one database, one Redis prefix,',
        '  NODE_ENV=production, request logs off (LOG_LEVEL=error on the api processes). Requests alternate between the two',
        '  api processes; each caregiver is one browser session (its cookies, kept from every answer) on both.',
        'complete: PUT /api/tasks/{id}/complete, each caregiver on their own task, timed from request to answer; the untick',
        '  (untimed) goes to the other process before the next tick. "per s": timed answers (ticks, or day reads) per second,',
        '  from the start of the cell to its last answer.',
        '"503s": answers (ticks, unticks, reads) that were the projections\' bounded wait (5 s) running out: saved, not yet',
        '  shown (PLATFORM.PROJECTION_LAG); their time is in the latencies. A read after such a write is not checked.',
        '"+ reads": the same, and after every tick the day (GET /api/children/{id}/tasks?date) is read through the other',
        '  process, then the untick goes there and the day is read back through the first: each read must show the change.',
        `  stale reads in all: ${stale} of ${checks} reads${staleSeen.length ? `; first: ${staleSeen.join('; ')}` : ''}.`,
        `day view: GET /api/children/{id}/tasks?date over ${history.rows.toLocaleString('en-US')} daily_tasks rows`,
        `  (${allChildren.length} children x ${HISTORY_DAYS} days x ${TIMES_PER_DAY.length} tasks), session and access checks included.`,
        'bare: GET /api/login on the same two processes (public, a constant 302, the whole HTTP stack, no session), same',
        '  client, same concurrency, in the same run: the ratio is ours / bare.',
        `${CELL_MS / 1000} s per cell; the same single machine runs PostgreSQL, Redis, the three processes and the clients.`,
      ],
      columns: ['cell', 'requests', 'per s', 'p50 ms', 'p99 ms', 'bare p50', 'bare p99', 'p50 ratio', 'p99 ratio', '503s', 'stale reads'],
      rows: [...rows, ...checkedRows, viewRow],
    };
  } finally {
    await Promise.all(servers.map(stop));
    await database.drop();
  }
}
