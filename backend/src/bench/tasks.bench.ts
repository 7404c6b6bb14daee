import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays } from '@carecircle/libs';
import { migrate } from '../database/migrate';
import { createTestDatabase } from '../test-support/database';
import {
  CAREGIVER_COUNTS, CELL_MS, DAY_VIEW_CLIENTS, HISTORY_DAYS, TIMES_PER_DAY,
  Session, cell, client, dayViewCell, latencyRow, ms, ok, pct, profileCellsWith, profileThisProcess, register, signUpCaregivers, writeHistory,
} from './http-bench';
import type { BenchReport } from './report';
import { startTasksServer } from './tasks-server';

/** Fair under load: the heaviest read the limits allow, 62 days of a recipient with these schedules of 24 times each. */
const HEAVY_SCHEDULES = 10;
const HEAVY_TIMES = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const HEAVY_RANGE_DAYS = 62;

/**
 * Complete-task latency through the whole app (HTTP in, event appended, projections caught up,
 * task read back) with 1, 10 and 50 caregivers completing their own tasks at once, and the day view
 * (GET /api/children/{id}/tasks?date) over a year of history for 200 children; each beside a bare
 * NestJS route on the same machine.
 */
export async function tasksBenchmark(): Promise<BenchReport> {
  const database = await createTestDatabase('cc_bench');
  await migrate(database.url);
  const server = await startTasksServer(database.url);
  profileCellsWith(server.profiler);
  try {
    const { base, bareBase } = server;
    const bareClient = client(bareBase);

    // 50 caregivers, each with 4 children and one pending task to tick and untick.
    const caregivers = (await signUpCaregivers([base], Math.max(...CAREGIVER_COUNTS))).map((c) => ({ ...c, api: client(base, c.session) }));

    type Caregiver = (typeof caregivers)[number];
    const tick = ({ api, taskId }: Caregiver) => async () => void (await ok(api.call('PUT', `/api/tasks/${taskId}/complete`, {})));
    const readBack = ({ api, taskId }: Caregiver) => async () => void (await (await ok(api.call('GET', `/api/tasks/${taskId}`))).json());
    // Untimed between completions: the untick, then the read a screen makes after it, which waits for the
    // untick's projections (a session's next request does, read-your-writes.ts) as a caregiver's next tap never would.
    const untickAndRead = (caregiver: Caregiver) => async () => {
      await ok(caregiver.api.call('PUT', `/api/tasks/${caregiver.taskId}/uncomplete`));
      await readBack(caregiver)();
    };
    const completeRows: string[][] = [];
    for (const count of CAREGIVER_COUNTS) {
      const team = caregivers.slice(0, count);
      const ours = await cell(team.map(tick), team.map(untickAndRead));
      const floor = await cell(team.map(() => async () => void (await ok(bareClient.call('PUT', '/bench/x/complete', {})))));
      completeRows.push(latencyRow(`complete, ${count} caregiver${count > 1 ? 's' : ''}`, ours, floor));
    }
    // The completion and the read after it, timed together: what the wait moved to the next request costs.
    const [first] = caregivers;
    const withRead = await cell([async () => (await tick(first)(), await readBack(first)())], [untickAndRead(first)]);
    const withReadFloor = await cell([async () => void (await ok(bareClient.call('PUT', '/bench/x/complete', {})), await ok(bareClient.call('PUT', '/bench/x/complete', {})))]);
    completeRows.push(latencyRow('complete + the next read, 1 caregiver', withRead, withReadFloor));

    const allChildren = caregivers.flatMap((c) => c.children);
    const history = await writeHistory(database.url, allChildren);
    const viewers = caregivers.slice(0, DAY_VIEW_CLIENTS);
    const view = await dayViewCell(history, viewers.map(({ api, children }) => ({ children, via: () => api })));
    const viewFloor = await cell(viewers.map(() => async () => void (await (await ok(bareClient.call('GET', '/bench/x/tasks'))).json())));
    const viewRow = latencyRow(`day view, ${DAY_VIEW_CLIENTS} clients`, view, viewFloor);

    // Fair under load: another family's day (GET /api/tasks?date, its 4 recipients) timed alone, then
    // while one family reads 62 days of a recipient with HEAVY_SCHEDULES schedules of 24 times in a loop.
    const heavy = await (async () => {
      const api = client(base, new Session());
      await register(api, 'Heavy', 'Family');
      const childId = ((await (await ok(api.call('POST', '/api/children', { firstName: 'Heavy', lastName: 'Reader' }), 201)).json()) as { id: string }).id;
      for (let i = 0; i < HEAVY_SCHEDULES; i++) {
        await ok(
          api.call('POST', '/api/repeating-tasks', { childId, name: `Schedule ${i}`, category: 'medication', description: '5 ml', isRepeating: true, scheduledTimes: HEAVY_TIMES, repeatPattern: 'daily' }),
          201,
        );
      }
      return { api, childId };
    })();
    const today = history.today;
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
      latencyRow(`peer day, beside a ${heavySize.toLocaleString('en-US')}-task read`, loaded, quiet),
      [`the heavy read itself (62 days)`, String(heavyTimes.length), ms(pct(heavyTimes, 0.5)), ms(pct(heavyTimes, 0.99)), '', '', '', ''],
    ];

    return {
      title: `Tasks over HTTP: PostgreSQL ${history.serverVersion}, Node ${process.version}, ${cpus().length} cores`,
      notes: [
        'complete: PUT /api/tasks/{id}/complete, each caregiver on their own task, timed from request to answer; the answer',
        '  comes once the event is appended, and the session\'s next request waits for the projections (read-your-writes).',
        '  Each caregiver unticks the task and reads it back (untimed) before the next completion.',
        'complete + the next read: the completion and GET /api/tasks/{id} after it, timed together (bare: two requests).',
        `day view: GET /api/children/{id}/tasks?date over ${history.rows.toLocaleString('en-US')} daily_tasks rows`,
        `  (${allChildren.length} children x ${HISTORY_DAYS} days x ${TIMES_PER_DAY.length} tasks), session and access checks included.`,
        'bare: a NestJS route returning a constant, same server process, same client, same concurrency: the ratio is ours / bare.',
        `fair under load: one caregiver's GET /api/tasks?date (4 recipients) timed alone, then while another family reads`,
        `  ${HEAVY_RANGE_DAYS} days of a recipient with ${HEAVY_SCHEDULES} daily schedules of ${HEAVY_TIMES.length} times in a loop; for those rows`,
        '  the bare columns hold the quiet run and the ratios are loaded / quiet (goal: p99 <= 2x).',
        `${CELL_MS / 1000} s per cell; one machine runs PostgreSQL, the server (a process of its own) and the clients (the bench's process).`,
      ],
      columns: ['cell', 'requests', 'p50 ms', 'p99 ms', 'bare p50', 'bare p99', 'p50 ratio', 'p99 ratio'],
      rows: [...completeRows, viewRow, ...fairRows],
    };
  } finally {
    profileCellsWith(profileThisProcess);
    await server.close();
    await database.drop();
  }
}
