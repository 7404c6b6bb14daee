/**
 * What the HTTP benchmarks share (tasks.bench.ts in one process, scale-out.bench.ts over the built
 * server's processes): the data set, clients that keep a session's cookies as a browser does, timed
 * cells and the rows they print.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { addDays } from '@carecircle/libs';

export const CAREGIVER_COUNTS = [1, 10, 50];
export const CELL_MS = Number(process.env.BENCH_CELL_SECONDS ?? 3) * 1000;
export const CHILDREN_PER_CAREGIVER = 4; // 50 caregivers x 4 = 200 children
export const HISTORY_DAYS = 365;
export const TIMES_PER_DAY = ['06:00', '08:00', '12:00', '15:00', '18:00', '21:00'];
export const DAY_VIEW_CLIENTS = 10;

/** A browser's cookies for one site: sent with every request, updated from every answer's Set-Cookie. */
export class Session {
  private readonly cookies = new Map<string, string>();

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const gone = attributes.some((attribute) => {
        const [key, value = ''] = attribute.split('=');
        if (/^max-age$/i.test(key)) return Number(value) <= 0;
        return /^expires$/i.test(key) && Date.parse(value) <= Date.now();
      });
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
  }
}

export interface Client {
  call(method: string, path: string, body?: object): Promise<Response>;
}

/** Calls `base` with `session`'s cookies; redirects are answered, not followed. */
export function client(base: string, session = new Session()): Client {
  return {
    call: async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        headers: { cookie: session.header, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      session.keep(res);
      return res;
    },
  };
}

export async function ok(res: Promise<Response>, status = 200): Promise<Response> {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return r;
}

/** Runs `workers` loops until the cell ends; each loop's timed call is measured. */
export async function cell(workers: Array<() => Promise<void>>, untimed?: Array<() => Promise<void>>): Promise<number[]> {
  const profile = await startProfile();
  const latencies: number[] = [];
  const deadline = performance.now() + CELL_MS;
  await Promise.all(
    workers.map(async (timed, i) => {
      while (performance.now() < deadline) {
        const began = performance.now();
        await timed();
        latencies.push(performance.now() - began);
        if (untimed) await untimed[i]();
      }
    }),
  );
  await profile();
  return latencies.sort((a, b) => a - b);
}

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
export const ms = (n: number) => n.toFixed(1);
export const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

/** label, count, p50 and p99 of `ours` and of `floor`, and the ratios ours / floor. */
export const latencyRow = (label: string, ours: number[], floor: number[]) => [
  label,
  String(ours.length),
  ms(pct(ours, 0.5)), ms(pct(ours, 0.99)),
  ms(pct(floor, 0.5)), ms(pct(floor, 0.99)),
  ratio(pct(ours, 0.5), pct(floor, 0.5)), ratio(pct(ours, 0.99), pct(floor, 0.99)),
];

/** Starts a CPU profile to be written to `file`; answers what stops it and writes the file. */
export type CellProfiler = (file: string) => Promise<() => Promise<void>>;

/** A CPU profile of this process, through the inspector. */
export const profileThisProcess: CellProfiler = async (file) => {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) => new Promise<unknown>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    session.disconnect();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
  };
};

let cellProfiler = profileThisProcess;
let profiledCells = 0;

/** Whose CPU the cells profile (BENCH_PROFILE_DIR): this process's unless a benchmark's server runs elsewhere. */
export function profileCellsWith(profiler: CellProfiler): void {
  cellProfiler = profiler;
}

/**
 * BENCH_PROFILE_DIR=dir: a CPU profile during each cell, in dir/cell-N.cpuprofile (Chrome DevTools reads it), of
 * the server a benchmark named with profileCellsWith (the tasks bench's), or else of this process.
 */
async function startProfile(): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? cellProfiler(join(dir, `cell-${++profiledCells}.cpuprofile`)) : async () => {};
}

/**
 * For the untimed setup: `call` again while it answers 503 (PostgreSQL out of connections on a machine
 * shared with other test suites, or the projections' bounded wait), at most 10 times. What a 503
 * saved is left behind: setup keeps only what its answers name.
 */
async function setUp(call: () => Promise<Response>, status: number): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await call();
    if (res.status !== 503 || attempt === 10) return ok(Promise.resolve(res), status);
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 500 * attempt));
  }
}

/** Registers a caregiver through `api` (whose session then holds the cookie). */
export async function register(api: Client, firstName: string, lastName: string): Promise<void> {
  await setUp(() => api.call('POST', '/api/auth/register', { email: `bench-${randomUUID()}@example.com`, password: 'correct horse battery', firstName, lastName }), 201);
}

export interface Caregiver {
  session: Session;
  children: string[];
  /** One pending task of children[0], to tick and untick. */
  taskId: string;
  taskDate: string;
}

/**
 * `count` caregivers, each with CHILDREN_PER_CAREGIVER children and one pending task, signed up
 * `together` at a time; caregiver i's requests go to bases[i], bases[i + 1], ... in turn (one base:
 * all there).
 */
export async function signUpCaregivers(bases: string[], count: number, together = count): Promise<Caregiver[]> {
  const caregivers: Caregiver[] = [];
  for (let first = 0; first < count; first += together) {
    caregivers.push(...(await signUp(bases, first, Math.min(count, first + together))));
  }
  return caregivers;
}

function signUp(bases: string[], from: number, to: number): Promise<Caregiver[]> {
  return Promise.all(
    Array.from({ length: to - from }, async (_, k) => {
      const i = from + k;
      const session = new Session();
      let n = i;
      const api = () => client(bases[n++ % bases.length], session);
      await register(api(), 'Bench', String(i));
      const children: string[] = [];
      for (let c = 0; c < CHILDREN_PER_CAREGIVER; c++) {
        children.push(((await (await setUp(() => api().call('POST', '/api/children', { firstName: `Child${c}`, lastName: String(i) }), 201)).json()) as { id: string }).id);
      }
      const [task] = (await (await setUp(() => api().call('POST', `/api/children/${children[0]}/tasks`, { name: 'Evening dose', category: 'medication', scheduledTimes: ['20:00'] }), 201)).json()) as {
        id: string;
        scheduledDate: string;
      }[];
      return { session, children, taskId: task.id, taskDate: task.scheduledDate };
    }),
  );
}

export interface History {
  rows: number;
  serverVersion: string;
  today: string;
}

/** A year of history for `children`: written straight into the read model (the query is measured, not the writes). */
export async function writeHistory(databaseUrl: string, children: string[]): Promise<History> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query(
      `INSERT INTO daily_tasks (id, child_id, child_name, name, category, scheduled_time, scheduled_date, local_time, timezone,
                                status, completed_at, is_urgent, priority, created_at, updated_at)
       SELECT gen_random_uuid(), c.id, 'Bench child', 'Task ' || t.time, 'medication',
              ((current_date - d.n) + t.time::time) AT TIME ZONE 'America/Los_Angeles', current_date - d.n, t.time, 'America/Los_Angeles',
              CASE WHEN d.n > 0 THEN 'completed' ELSE 'pending' END, CASE WHEN d.n > 0 THEN now() END, false, 'medium', now(), now()
       FROM unnest($1::uuid[]) AS c(id), generate_series(1, $2::int) AS d(n), unnest($3::text[]) AS t(time)`,
      [children, HISTORY_DAYS, TIMES_PER_DAY],
    );
    await pool.query('ANALYZE daily_tasks');
    const { rows } = await pool.query<{ n: number; server_version: string; today: string }>(
      "SELECT count(*)::int AS n, current_setting('server_version') AS server_version, current_date::text AS today FROM daily_tasks",
    );
    return { rows: rows[0].n, serverVersion: rows[0].server_version, today: rows[0].today };
  } finally {
    await pool.end();
  }
}

/**
 * The day view cell: each viewer reads one of its children's past days in turn
 * (GET /api/children/{id}/tasks?date), through the client `via` gives for the k-th read.
 */
export function dayViewCell(history: History, viewers: Array<{ children: string[]; via: (k: number) => Client }>): Promise<number[]> {
  let k = 0;
  return cell(
    viewers.map(({ children, via }) => async () => {
      const n = k++;
      const date = addDays(history.today, -(1 + (n % HISTORY_DAYS)));
      const res = await ok(via(n).call('GET', `/api/children/${children[n % children.length]}/tasks?date=${date}`));
      const list = (await res.json()) as unknown[];
      if (list.length < TIMES_PER_DAY.length) throw new Error(`day view: ${list.length} tasks on ${res.url}`);
    }),
  );
}
