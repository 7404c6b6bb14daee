import { randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { UUID_PATTERN } from '@carecircle/libs';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { migrate } from '../database/migrate';
import { EVENT_STORE, type EventStore, type NewEvent, type RecordedEvent } from '../platform/event-store/event-store';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import { createTestDatabase } from '../test-support/database';
import { deleteRedisKeys } from '../test-support/redis-keys';
import type { BenchReport } from './report';

const FAMILIES = Number(process.env.BENCH_REBUILD_FAMILIES ?? 400);
const UUID = new RegExp(UUID_PATTERN, 'g');
const SHA256 = /\b[0-9a-f]{64}\b/g;

/** One family's day through the real API: recipients, medications, tasks ticked, unticked, edited, removed. */
async function templateFamily(base: string): Promise<void> {
  let cookie = '';
  const call = async <T = unknown>(method: string, path: string, body?: object, status = 200): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    if (!cookie) cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return (res.status === 204 ? null : await res.json()) as T;
  };
  await call('POST', '/api/auth/register', { email: `rebuild-${randomUUID()}@example.com`, password: 'correct horse battery', firstName: 'Ana', lastName: 'Silva' }, 201);
  await call('PATCH', '/api/user/timezone', { timezone: 'Europe/Paris' });
  for (const name of ['Maya', 'Leo']) {
    const child = await call<{ id: string }>('POST', '/api/children', { firstName: name, lastName: 'Lopez', dateOfBirth: '2018-03-04' }, 201);
    await call('POST', `/api/children/${child.id}/medications`, { name: 'Keppra', dosage: '250 mg' }, 201);
    const tasks = await call<{ id: string }[]>('POST', `/api/children/${child.id}/tasks`, { name: 'Cath', category: 'catheterization', scheduledTimes: ['06:00', '09:00', '12:00', '15:00', '18:00', '21:00'] }, 201);
    for (const task of tasks.slice(0, 4)) await call('PUT', `/api/tasks/${task.id}/complete`, { notes: 'ok' });
    await call('PUT', `/api/tasks/${tasks[0].id}/uncomplete`);
    await call('PUT', `/api/tasks/${tasks[4].id}`, { name: 'Cath (evening)' });
    await call('DELETE', `/api/tasks/${tasks[5].id}`, { reason: 'Doctor changed the plan' }, 204);
  }
}

/** The template's events again with fresh ids (and email hashes), stream by stream in their order. */
function cloneFamily(events: RecordedEvent[]): Map<string, NewEvent[]> {
  const ids = new Map<string, string>();
  const swap = (text: string) =>
    text
      .replace(UUID, (id) => ids.get(id) ?? (ids.set(id, randomUUID()), ids.get(id)!))
      .replace(SHA256, (hash) => ids.get(hash) ?? (ids.set(hash, randomBytes(32).toString('hex')), ids.get(hash)!));
  const streams = new Map<string, NewEvent[]>();
  for (const event of events) {
    const stream = swap(event.streamId);
    const copy = JSON.parse(swap(JSON.stringify({ type: event.type, data: event.data, metadata: event.metadata }))) as NewEvent;
    streams.set(stream, [...(streams.get(stream) ?? []), copy]);
  }
  return streams;
}

/**
 * `npm run projections:rebuild` throughput: a store of FAMILIES families' events (one family's day
 * recorded through the API, cloned with fresh ids) replayed into every projection, offline (one
 * transaction) and online (shadow tables switched in).
 * BENCH_REBUILD_FAMILIES=4000 gives the store ten times larger (132,000 events).
 */
export async function rebuildBenchmark(): Promise<BenchReport> {
  const database = await createTestDatabase('cc_bench');
  await migrate(database.url);
  const config = loadConfig({ LOG_LEVEL: 'error', QUEUE_PREFIX: `cc-bench-${randomUUID()}`, DATABASE_URL: database.url }, { frontendDist: '/nonexistent' });
  const app = await createApp(config, database.url);
  try {
    await app.listen(0, '127.0.0.1');
    await templateFamily(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`);
    const runner = app.get(ProjectionRunner);
    await runner.stop(); // the rebuild needs the live projector stopped
    const store = app.get<EventStore>(EVENT_STORE);
    const template = await store.readAll(null);
    for (let f = 1; f < FAMILIES; f++) {
      for (const [stream, events] of cloneFamily(template)) await store.append(stream, events, 'no_stream');
    }
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const { rows } = await pool.query<{ n: number; server_version: string }>(
      "SELECT count(*)::int AS n, current_setting('server_version') AS server_version FROM es_events",
    );
    await pool.end();

    const started = performance.now();
    const { events } = await runner.rebuild();
    const seconds = (performance.now() - started) / 1000;
    // The same store rebuilt online: into shadow tables in short transactions, then switched in
    // (no projector runs here, so the hand-over waits for no one: what it costs is its own work).
    const onlineStarted = performance.now();
    const online = await runner.rebuildOnline();
    const onlineSeconds = (performance.now() - onlineStarted) / 1000;
    const row = (mode: string, n: number, s: number, handOver: string) => [
      mode,
      rows[0].n.toLocaleString('en-US'),
      String(runner.names.length),
      s.toFixed(1),
      Math.round(n / s).toLocaleString('en-US'),
      handOver,
    ];
    return {
      title: `Projection rebuild: PostgreSQL ${rows[0].server_version}, Node ${process.version}, ${cpus().length} cores`,
      notes: [
        `${FAMILIES} families: one family's day recorded through the API (${template.length} events: 2 recipients, medications,`,
        '  12 tasks ticked, unticked, edited, removed) and cloned with fresh ids; every projection replayed in one transaction,',
        '  the store read 5,000 events at a time, each projection applying its share of a batch set-based (applyBatch) where it can.',
        '  BENCH_REBUILD_FAMILIES sets the number of families (4000: the store ten times larger).',
        'Offline: one transaction into the live tables. Online: shadow tables, each projection\'s share of 1,000 events',
        '  in its own transaction, then the hand-over (pause, catch up, switch the tables in with the checkpoints).',
      ],
      columns: ['mode', 'events', 'projections', 'seconds', 'events/s', 'hand-over ms'],
      rows: [row('offline', events, seconds, ''), row('online', online.events, onlineSeconds, String(online.handOverMs))],
    };
  } finally {
    await app.close();
    await Promise.all([database.drop(), deleteRedisKeys(config.redisUrl, config.queuePrefix)]);
  }
}
