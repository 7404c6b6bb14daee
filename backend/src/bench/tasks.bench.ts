import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module, Put, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Pool } from 'pg';
import { addDays } from '@carecircle/libs';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { migrate } from '../database/migrate';
import { createTestDatabase } from '../test-support/database';
import type { BenchReport } from './run';

const CAREGIVER_COUNTS = [1, 10, 50];
const CELL_MS = Number(process.env.BENCH_CELL_SECONDS ?? 3) * 1000;
const CHILDREN_PER_CAREGIVER = 4; // 50 caregivers x 4 = 200 children
const HISTORY_DAYS = 365;
const TIMES_PER_DAY = ['06:00', '08:00', '12:00', '15:00', '18:00', '21:00'];
const DAY_VIEW_CLIENTS = 10;
/** Fair under load: the heaviest read the limits allow, 62 days of a recipient with these schedules of 24 times each. */
const HEAVY_SCHEDULES = 10;
const HEAVY_TIMES = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const HEAVY_RANGE_DAYS = 62;

/** The same HTTP stack with nothing behind it: the floor a route can reach on this machine. */
@Controller('bench')
class BareController {
  @Put(':id/complete')
  complete() {
    return { id: 'x', status: 'completed' };
  }
  @Get(':id/tasks')
  tasks() {
    return [];
  }
}
@Module({ controllers: [BareController] })
class BareModule {}

interface Client {
  call(method: string, path: string, body?: object): Promise<Response>;
}

function client(base: string, cookie = ''): Client {
  return {
    call: (method, path, body) =>
      fetch(`${base}${path}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
  };
}

async function ok(res: Promise<Response>, status = 200): Promise<Response> {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return r;
}

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Runs `workers` loops until the cell ends; each loop's timed call is measured. */
async function cell(workers: Array<() => Promise<void>>, untimed?: Array<() => Promise<void>>): Promise<number[]> {
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
  return latencies.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
const ms = (n: number) => n.toFixed(1);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

/**
 * Complete-task latency through the whole app (HTTP in, event appended, projections caught up,
 * task read back) with 1, 10 and 50 caregivers completing their own tasks at once, and the day view
 * (GET /api/children/{id}/tasks?date) over a year of history for 200 children; each beside a bare
 * NestJS route on the same machine.
 */
export async function tasksBenchmark(): Promise<BenchReport> {
  const database = await createTestDatabase('cc_bench');
  const config = loadConfig(
    // 50 caregivers register from one address.
    { LOG_LEVEL: 'error', QUEUE_PREFIX: `cc-bench-${randomUUID()}`, DATABASE_URL: database.url, REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000' },
    { frontendDist: '/nonexistent' },
  );
  await migrate(database.url);
  const app = await createApp(config, database.url);
  const bare = await NestFactory.create(BareModule, { logger: false });
  try {
    const base = await listen(app);
    const bareBase = await listen(bare);
    const bareClient = client(bareBase);

    // 50 caregivers, each with 4 children and one pending task to tick and untick.
    const caregivers = await Promise.all(
      Array.from({ length: Math.max(...CAREGIVER_COUNTS) }, async (_, i) => {
        const res = await ok(
          client(base).call('POST', '/api/auth/register', { email: `bench-${i}-${randomUUID()}@example.com`, password: 'correct horse battery', firstName: 'Bench', lastName: String(i) }),
          201,
        );
        const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
        const api = client(base, cookie);
        const children: string[] = [];
        for (let c = 0; c < CHILDREN_PER_CAREGIVER; c++) {
          children.push(((await (await ok(api.call('POST', '/api/children', { firstName: `Child${c}`, lastName: String(i) }), 201)).json()) as { id: string }).id);
        }
        const [task] = (await (await ok(api.call('POST', `/api/children/${children[0]}/tasks`, { name: 'Evening dose', category: 'medication', scheduledTimes: ['20:00'] }), 201)).json()) as { id: string }[];
        return { api, children, taskId: task.id as string };
      }),
    );

    const completeRows: string[][] = [];
    for (const count of CAREGIVER_COUNTS) {
      const team = caregivers.slice(0, count);
      const ours = await cell(
        team.map(({ api, taskId }) => async () => void (await ok(api.call('PUT', `/api/tasks/${taskId}/complete`, {})))),
        team.map(({ api, taskId }) => async () => void (await ok(api.call('PUT', `/api/tasks/${taskId}/uncomplete`)))),
      );
      const floor = await cell(team.map(() => async () => void (await ok(bareClient.call('PUT', '/bench/x/complete', {})))));
      completeRows.push([
        `complete, ${count} caregiver${count > 1 ? 's' : ''}`,
        String(ours.length),
        ms(pct(ours, 0.5)), ms(pct(ours, 0.99)),
        ms(pct(floor, 0.5)), ms(pct(floor, 0.99)),
        ratio(pct(ours, 0.5), pct(floor, 0.5)), ratio(pct(ours, 0.99), pct(floor, 0.99)),
      ]);
    }

    // A year of history for the 200 children: written straight into the read model (the query is measured, not the writes).
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const allChildren = caregivers.flatMap((c) => c.children);
    await pool.query(
      `INSERT INTO daily_tasks (id, child_id, child_name, name, category, scheduled_time, scheduled_date, local_time, timezone,
                                status, completed_at, is_urgent, priority, created_at, updated_at)
       SELECT gen_random_uuid(), c.id, 'Bench child', 'Task ' || t.time, 'medication',
              ((current_date - d.n) + t.time::time) AT TIME ZONE 'America/Los_Angeles', current_date - d.n, t.time, 'America/Los_Angeles',
              CASE WHEN d.n > 0 THEN 'completed' ELSE 'pending' END, CASE WHEN d.n > 0 THEN now() END, false, 'medium', now(), now()
       FROM unnest($1::uuid[]) AS c(id), generate_series(1, $2::int) AS d(n), unnest($3::text[]) AS t(time)`,
      [allChildren, HISTORY_DAYS, TIMES_PER_DAY],
    );
    await pool.query('ANALYZE daily_tasks');
    const { rows } = await pool.query<{ n: number; server_version: string; today: string }>(
      "SELECT count(*)::int AS n, current_setting('server_version') AS server_version, current_date::text AS today FROM daily_tasks",
    );
    await pool.end();

    const day = (i: number) => addDays(rows[0].today, -(1 + (i % HISTORY_DAYS)));
    let k = 0;
    const viewers = caregivers.slice(0, DAY_VIEW_CLIENTS);
    const view = await cell(
      viewers.map(({ api, children }) => async () => {
        const res = await ok(api.call('GET', `/api/children/${children[k % children.length]}/tasks?date=${day(k++)}`));
        const list = (await res.json()) as unknown[];
        if (list.length < TIMES_PER_DAY.length) throw new Error(`day view: ${list.length} tasks on ${res.url}`);
      }),
    );
    const viewFloor = await cell(viewers.map(() => async () => void (await (await ok(bareClient.call('GET', '/bench/x/tasks'))).json())));
    const viewRow = [
      `day view, ${DAY_VIEW_CLIENTS} clients`,
      String(view.length),
      ms(pct(view, 0.5)), ms(pct(view, 0.99)),
      ms(pct(viewFloor, 0.5)), ms(pct(viewFloor, 0.99)),
      ratio(pct(view, 0.5), pct(viewFloor, 0.5)), ratio(pct(view, 0.99), pct(viewFloor, 0.99)),
    ];

    // Fair under load: another family's day (GET /api/tasks?date, its 4 recipients) timed alone, then
    // while one family reads 62 days of a recipient with HEAVY_SCHEDULES schedules of 24 times in a loop.
    const heavy = await (async () => {
      const res = await ok(
        client(base).call('POST', '/api/auth/register', { email: `bench-heavy-${randomUUID()}@example.com`, password: 'correct horse battery', firstName: 'Heavy', lastName: 'Family' }),
        201,
      );
      const api = client(base, res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
      const childId = ((await (await ok(api.call('POST', '/api/children', { firstName: 'Heavy', lastName: 'Reader' }), 201)).json()) as { id: string }).id;
      for (let i = 0; i < HEAVY_SCHEDULES; i++) {
        await ok(
          api.call('POST', '/api/repeating-tasks', { childId, name: `Schedule ${i}`, category: 'medication', description: '5 ml', isRepeating: true, scheduledTimes: HEAVY_TIMES, repeatPattern: 'daily' }),
          201,
        );
      }
      return { api, childId };
    })();
    const today = rows[0].today;
    const peer = caregivers[1].api;
    const peerDay = async () => void (await (await ok(peer.call('GET', `/api/tasks?date=${today}`))).json());
    const heavyPath = `/api/children/${heavy.childId}/tasks?startDate=${today}&endDate=${addDays(today, HEAVY_RANGE_DAYS - 1)}`;
    const heavySize = ((await (await ok(heavy.api.call('GET', heavyPath))).json()) as unknown[]).length;
    const quiet = await cell([peerDay]);
    const heavyTimes: number[] = [];
    let loading = true;
    const heavyLoop = (async () => {
      while (loading) {
        const began = performance.now();
        await (await ok(heavy.api.call('GET', heavyPath))).arrayBuffer();
        heavyTimes.push(performance.now() - began);
      }
    })();
    const loaded = await cell([peerDay]);
    loading = false;
    await heavyLoop;
    heavyTimes.sort((a, b) => a - b);
    const fairRows = [
      ['peer day, quiet', String(quiet.length), ms(pct(quiet, 0.5)), ms(pct(quiet, 0.99)), '', '', '', ''],
      [
        `peer day, beside a ${heavySize.toLocaleString('en-US')}-task read`,
        String(loaded.length),
        ms(pct(loaded, 0.5)), ms(pct(loaded, 0.99)),
        ms(pct(quiet, 0.5)), ms(pct(quiet, 0.99)),
        ratio(pct(loaded, 0.5), pct(quiet, 0.5)), ratio(pct(loaded, 0.99), pct(quiet, 0.99)),
      ],
      [`the heavy read itself (62 days)`, String(heavyTimes.length), ms(pct(heavyTimes, 0.5)), ms(pct(heavyTimes, 0.99)), '', '', '', ''],
    ];

    return {
      title: `Tasks over HTTP: PostgreSQL ${rows[0].server_version}, Node ${process.version}, ${cpus().length} cores`,
      notes: [
        'complete: PUT /api/tasks/{id}/complete, each caregiver on their own task, timed from request to answer; the answer',
        '  comes after the event is appended and every projection has applied it (read-your-writes), then the task is read back.',
        '  Each caregiver unticks the task (untimed) before the next completion.',
        `day view: GET /api/children/{id}/tasks?date over ${rows[0].n.toLocaleString('en-US')} daily_tasks rows`,
        `  (${allChildren.length} children x ${HISTORY_DAYS} days x ${TIMES_PER_DAY.length} tasks), session and access checks included.`,
        'bare: a NestJS route returning a constant, same process, same client, same concurrency: the ratio is ours / bare.',
        `fair under load: one caregiver's GET /api/tasks?date (4 recipients) timed alone, then while another family reads`,
        `  ${HEAVY_RANGE_DAYS} days of a recipient with ${HEAVY_SCHEDULES} daily schedules of ${HEAVY_TIMES.length} times in a loop; for those rows`,
        '  the bare columns hold the quiet run and the ratios are loaded / quiet (goal: p99 <= 2x).',
        `${CELL_MS / 1000} s per cell; the same single machine runs PostgreSQL, the app and the clients.`,
      ],
      columns: ['cell', 'requests', 'p50 ms', 'p99 ms', 'bare p50', 'bare p99', 'p50 ratio', 'p99 ratio'],
      rows: [...completeRows, viewRow, ...fairRows],
    };
  } finally {
    await bare.close();
    await app.close();
    await database.drop();
  }
}
