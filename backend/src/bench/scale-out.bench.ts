import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { freePort } from '../test-support/free-port';
import {
  CAREGIVER_COUNTS, CELL_MS, CHILDREN_PER_CAREGIVER, DAY_VIEW_CLIENTS, HISTORY_DAYS, TIMES_PER_DAY,
  cell, client, dayViewCell, latencyRow, ok, signUpCaregivers, writeHistory, type Caregiver, type Client, type History,
} from './http-bench';
import type { BenchReport } from './report';
import { deleteRedisKeys } from '../test-support/redis-keys';

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

/**
 * The 503s of a cell: `lag`, the projections' bounded wait running out (PLATFORM.PROJECTION_LAG: saved,
 * not yet shown); `busy`, PostgreSQL out of connections (not saved; its max_connections is shared
 * with every other test suite on the machine).
 */
interface Refused {
  lag: number;
  busy: number;
}

/** 200, or null for a 503 (counted in `refused`); any other answer fails the bench. */
async function unlessRefused(res: Promise<Response>, refused: Refused): Promise<Response | null> {
  const r = await res;
  if (r.status === 200) return r;
  const body = await r.text();
  if (r.status !== 503) throw new Error(`${r.url}: ${r.status} ${body}`);
  if (body.includes('PLATFORM.PROJECTION_LAG')) refused.lag++;
  else refused.busy++;
  return null;
}

/**
 * An untick, asked again until it is answered 200 (an untick of a pending task changes nothing): the
 * next tick needs the task pending, and a 503 may come before the command ran (PostgreSQL out of
 * connections, or the wait for the session's previous writes that runs before its next request).
 */
async function untick(api: Client, taskId: string, refused: Refused): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await unlessRefused(api.call('PUT', `/api/tasks/${taskId}/uncomplete`), refused)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`untick of ${taskId}: refused 20 times`);
}

/** The day of a caregiver's task, read through `api`: the task's status there ('missing': not in the day; null: a 503). */
async function statusIn(api: Client, { children, taskId, taskDate }: Caregiver, refused: Refused): Promise<string | null> {
  const res = await unlessRefused(api.call('GET', `/api/children/${children[0]}/tasks?date=${taskDate}`), refused);
  if (!res) return null;
  return ((await res.json()) as { id: string; status: string }[]).find((task) => task.id === taskId)?.status ?? 'missing';
}

/** How the built server is run: the processes, the first of which serves HTTP and migrates the database. */
interface Shape {
  name: string;
  label: string;
  roles: string[];
}

const SHAPES: Shape[] = [
  { name: 'compose', label: '2 api + worker,projector', roles: ['api', 'api', 'worker,projector'] },
  // The control: the same harness, clients and cells against one process of all three roles (the default).
  { name: 'one', label: 'one process', roles: ['api,worker,projector'] },
];

interface Measured {
  rows: string[][];
  checks: number;
  stale: number;
  staleSeen: string[];
  history: History;
}

/**
 * The docker-compose shape on one machine: two `api` processes and one `worker,projector` process of
 * the built server on one database and Redis prefix, as scale-out.e2e.spec.ts starts them. The same
 * figures as tasks.bench.ts with each caregiver's requests spread over both api processes (as a
 * round-robin load balancer would: one caregiver's tick goes to one, the untick to the other), and
 * read-your-writes checked across processes on every completion of the "+ reads" cells. Then, in
 * the same run, the same cells against one process of all roles, for comparison
 * (BENCH_SCALE_OUT_SHAPES=compose runs only the first).
 */
export async function scaleOutBenchmark(): Promise<BenchReport> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm run build first (npm run bench does)`);
  const names = process.env.BENCH_SCALE_OUT_SHAPES?.split(',').filter(Boolean) ?? SHAPES.map((shape) => shape.name);
  const shapes = names.map((name) => {
    const shape = SHAPES.find((s) => s.name === name);
    if (!shape) throw new Error(`unknown shape ${name}; choose from ${SHAPES.map((s) => s.name).join(', ')}`);
    return shape;
  });
  if (shapes.length === 0) throw new Error('BENCH_SCALE_OUT_SHAPES names no shape');
  const rows: string[][] = [];
  const stale: string[] = [];
  let history: History | null = null;
  for (const shape of shapes) {
    const measured = await measure(shape);
    rows.push(...measured.rows);
    stale.push(`${shape.label}: ${measured.stale} of ${measured.checks} reads${measured.staleSeen.length ? `; first: ${measured.staleSeen.join('; ')}` : ''}`);
    history = measured.history;
  }
  return {
    title: `Scale out: ${shapes.map((s) => s.label).join(', then ')} (dist/main.js), PostgreSQL ${history!.serverVersion}, Node ${process.version}, ${cpus().length} cores`,
    notes: [
      'compose: APP_ROLES=api twice and APP_ROLES=worker,projector once, as docker-compose.yml; one process: APP_ROLES unset.',
      '  Each on a fresh database, one Redis prefix, NODE_ENV=production, request logs off (LOG_LEVEL=error where HTTP is served).',
      '  Requests alternate between the api processes; each caregiver is one browser session (cookies kept from every answer).',
      'complete: PUT /api/tasks/{id}/complete, each caregiver on their own task, timed from request to answer; the untick',
      '  (untimed) goes to the other process before the next tick. "per s": timed answers (ticks, or day reads) per second,',
      '  from the start of the cell to its last answer.',
      '"503s lag / busy": answers (ticks, unticks, reads) that were the projections\' bounded wait (5 s) running out (saved',
      '  or not run) / PostgreSQL out of connections. An untick is asked again until answered; a read after a refused',
      '  tick is not checked. Their time is in the latencies.',
      '"+ reads": the same, and after every tick the day (GET /api/children/{id}/tasks?date) is read through the other',
      '  process, then the untick goes there and the day is read back through the first: each read must show the change.',
      `  stale reads in all: ${stale.join('; ')}.`,
      `day view: GET /api/children/{id}/tasks?date over ${history!.rows.toLocaleString('en-US')} daily_tasks rows`,
      `  (${CAREGIVER_COUNTS[CAREGIVER_COUNTS.length - 1] * CHILDREN_PER_CAREGIVER} children x ${HISTORY_DAYS} days x ${TIMES_PER_DAY.length} tasks), session and access checks included.`,
      'bare: GET /api/login on the same processes (public, a constant 302, the whole HTTP stack, no session), same client,',
      '  same concurrency, in the same run: the ratio is ours / bare.',
      `${CELL_MS / 1000} s per cell; the same single machine runs PostgreSQL, Redis, the server processes and the clients.`,
    ],
    columns: ['cell', 'requests', 'per s', 'p50 ms', 'p99 ms', 'bare p50', 'bare p99', 'p50 ratio', 'p99 ratio', '503s lag / busy', 'stale reads'],
    rows,
  };
}

async function measure(shape: Shape): Promise<Measured> {
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
    const apis: string[] = [];
    const starting: Array<() => Promise<void>> = [];
    for (const [i, roles] of shape.roles.entries()) {
      const name = `${shape.label}, process ${i + 1} (${roles})`;
      if (roles.split(',').includes('api')) {
        const base = `http://127.0.0.1:${await freePort()}`;
        apis.push(base);
        starting.push(async () => {
          const server = await startServer(database, shared, { APP_ROLES: roles, PORT: new URL(base).port, LOG_LEVEL: 'error' });
          servers.push(server);
          await ready(server, name, healthy(base));
        });
      } else {
        starting.push(async () => {
          const server = await startServer(database, shared, { APP_ROLES: roles, LOG_LEVEL: 'info' });
          servers.push(server);
          await ready(server, name, () => server.output.includes('CareCircle is running without the api role'));
        });
      }
    }
    // The first process migrates the database; the others start once it has.
    await starting[0]();
    await Promise.all(starting.slice(1).map((start) => start()));
    const through = (n: number) => String.fromCharCode(65 + (n % apis.length)); // A, B, ...

    // 50 caregivers (each with 4 children and one pending task), each with a client per api process on one
    // session. 10 at a time: 50 at once held the projector back past the commands' 5 s wait (a 503) on the shared machine.
    const caregivers = (await signUpCaregivers(apis, Math.max(...CAREGIVER_COUNTS), 10)).map((c) => ({ ...c, via: apis.map((base) => client(base, c.session)) }));
    const bare = apis.map((base) => client(base));
    /** The floor of the same processes: GET /api/login, a public route answering a constant redirect, without a session. */
    const floorCell = (clients: number) =>
      cell(Array.from({ length: clients }, (_, i) => {
        let n = i;
        return async () => void (await (await ok(bare[n++ % bare.length].call('GET', '/api/login'), 302)).arrayBuffer());
      }));

    let checks = 0;
    let stale = 0;
    const staleSeen: string[] = [];
    /** A read after a write through the other process; a read the server refused with a 503 is not one. */
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
    const row = (label: string, ours: number[] & { perSecond: string }, floor: number[], refused: Refused, staleColumn = '') => {
      const [name, count, ...rest] = latencyRow(`${shape.label}: ${label}`, ours, floor);
      return [name, count, ours.perSecond, ...rest, `${refused.lag} / ${refused.busy}`, staleColumn];
    };
    const rows: string[][] = [];
    const checkedRows: string[][] = [];
    for (const count of CAREGIVER_COUNTS) {
      const team = caregivers.slice(0, count);
      const label = `complete, ${count} caregiver${count > 1 ? 's' : ''}`;
      // As tasks.bench.ts: tick (timed) through one process, untick (untimed) through the next.
      let turns = team.map((_, i) => i);
      let refused: Refused = { lag: 0, busy: 0 };
      const tick = ({ via, taskId }: (typeof team)[number], i: number) => unlessRefused(via[turns[i] % via.length].call('PUT', `/api/tasks/${taskId}/complete`, {}), refused);
      const ours = await counted(() => cell(
        team.map((caregiver, i) => async () => void (await tick(caregiver, i))),
        team.map(({ via, taskId }, i) => async () => void (await untick(via[++turns[i] % via.length], taskId, refused))),
      ));
      const floor = await floorCell(count);
      rows.push(row(label, ours, floor, refused));
      // Read-your-writes: after each tick the day is read through the next process, then the untick
      // goes there and the day is read back through the first one. Every completion is checked, but
      // for those answered with a 503 (saved but "taking longer than usual to show", or not saved).
      turns = team.map((_, i) => i);
      refused = { lag: 0, busy: 0 };
      const ticked = team.map(() => false);
      const [checksBefore, staleBefore] = [checks, stale];
      const checked = await counted(() => cell(
        team.map((caregiver, i) => async () => void (ticked[i] = (await tick(caregiver, i)) !== null)),
        team.map((caregiver, i) => async () => {
          const w = turns[i]++;
          const [writer, reader] = [caregiver.via[w % apis.length], caregiver.via[(w + 1) % apis.length]];
          const [wrote, read] = [through(w), through(w + 1)];
          if (ticked[i]) check(await statusIn(reader, caregiver, refused), 'completed', `tick through ${wrote}, day through ${read}`);
          await untick(reader, caregiver.taskId, refused);
          check(await statusIn(writer, caregiver, refused), 'pending', `untick through ${read}, day through ${wrote}`);
        }),
      ));
      checkedRows.push(row(`${label} + reads`, checked, floor, refused, `${stale - staleBefore} of ${checks - checksBefore}`));
    }

    const history = await writeHistory(database.url, caregivers.flatMap((c) => c.children));
    const viewers = caregivers.slice(0, DAY_VIEW_CLIENTS);
    // Untimed: each viewer's session first waits out its last untick (the wait a session's next request makes).
    for (const { via } of viewers) {
      for (let attempt = 0; !(await unlessRefused(via[0].call('GET', '/api/children'), { lag: 0, busy: 0 })); attempt++) {
        if (attempt === 20) throw new Error('a viewer\'s session still waits for its writes after 20 tries');
      }
    }
    const view = await counted(() => dayViewCell(history, viewers.map(({ children, via }) => ({ children, via: (k: number) => via[k % via.length] }))));
    const viewRow = row(`day view, ${DAY_VIEW_CLIENTS} clients`, view, await floorCell(DAY_VIEW_CLIENTS), { lag: 0, busy: 0 });
    return { rows: [...rows, ...checkedRows, viewRow], checks, stale, staleSeen, history };
  } catch (error) {
    // What the server processes said last, for the cause (a projection stuck, out of connections).
    for (const [i, server] of servers.entries()) console.error(`--- ${shape.label}, process ${i + 1}:\n${server.output.slice(-4000)}`);
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const where = await pool
      .query<{ name: string; position: string }>("SELECT 'the store' AS name, max(global_position)::text AS position FROM es_events UNION ALL SELECT name, position::text FROM projection_checkpoints")
      .then(({ rows }) => rows.map((r) => `${r.name} ${r.position}`).join(', '), (e: Error) => e.message)
      .finally(() => pool.end());
    console.error(`--- positions: ${where}`);
    throw error;
  } finally {
    await Promise.all(servers.map(stop));
    await Promise.all([database.drop(), deleteRedisKeys(process.env.REDIS_URL || 'redis://127.0.0.1:6379', shared.QUEUE_PREFIX)]);
  }
}
