import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { STREAM_DOES_NOT_EXIST, type ExpectedStreamVersion } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { Pool } from 'pg';
import type { ExpectedRevision } from '../platform/event-store/event-store';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createTestDatabase } from '../test-support/database';
import type { BenchReport } from './report';

const WRITER_COUNTS = [1, 10, 50];
const CELL_MS = Number(process.env.BENCH_CELL_SECONDS ?? 3) * 1000;
/** Untimed appends per writer before each cell: opens the pool's connections and warms the code paths. */
const WARM_UP_APPENDS = 20;
const STREAMS_PER_WRITER = 10;

/** One append by one writer: one event, to one of the writer's own streams, expected revision checked. */
type Append = () => Promise<void>;

interface Subject {
  name: string;
  /** The writers of one cell, each with its own streams, on a pool with one connection per writer. */
  open(url: string, writers: number, cell: string): Promise<{ writers: Append[]; close(): Promise<void> }>;
}

interface Figures {
  perSecond: number;
  p99Ms: number;
}

const event = () => ({
  type: 'TaskCompleted',
  data: { taskId: randomUUID(), completedAt: new Date().toISOString(), note: 'gave the evening dose with dinner' },
  metadata: { actorId: randomUUID(), correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

/** Cycles through a writer's streams, remembering each one's revision for the next expected-revision check. */
function ownStreams<Revision>(prefix: string, initial: Revision, append: (stream: string, expected: Revision) => Promise<Revision>): Append {
  const revisions = Array.from({ length: STREAMS_PER_WRITER }, () => initial);
  let next = 0;
  return async () => {
    const i = next++ % STREAMS_PER_WRITER;
    revisions[i] = await append(`${prefix}-${i}`, revisions[i]);
  };
}

const rawInsert: Subject = {
  name: 'raw INSERT',
  async open(url, writers, cell) {
    const pool = new Pool({ connectionString: url, max: writers });
    const insert = (stream: string) => pool.query('INSERT INTO bench_raw (stream_id, event) VALUES ($1, $2)', [stream, event()]);
    return {
      writers: Array.from({ length: writers }, (_, w) => ownStreams(`${cell}-${w}`, null, async (stream) => void (await insert(stream)))),
      close: () => pool.end(),
    };
  },
};

const careCircle: Subject = {
  name: 'CareCircle',
  async open(url, writers, cell) {
    const pool = new Pool({ connectionString: url, max: writers });
    const store = new PostgresEventStore(pool);
    return {
      writers: Array.from({ length: writers }, (_, w) =>
        ownStreams<ExpectedRevision>(`${cell}-${w}`, 'no_stream', async (stream, expected) => (await store.append(stream, [event()], expected)).nextExpectedRevision),
      ),
      close: async () => {
        await store.close();
        await pool.end();
      },
    };
  },
};

const emmett: Subject = {
  name: 'emmett',
  async open(url, writers, cell) {
    const pool = new Pool({ connectionString: url, max: writers });
    const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
    return {
      writers: Array.from({ length: writers }, (_, w) =>
        ownStreams<ExpectedStreamVersion>(
          `${cell}-${w}`,
          STREAM_DOES_NOT_EXIST,
          async (stream, expected) => (await store.appendToStream(stream, [event()], { expectedStreamVersion: expected })).nextExpectedStreamVersion,
        ),
      ),
      close: async () => {
        await store.close();
        await pool.end();
      },
    };
  },
};

async function measure(subject: Subject, url: string, writerCount: number): Promise<Figures> {
  const { writers, close } = await subject.open(url, writerCount, `${subject.name}-${writerCount}-${randomUUID()}`);
  try {
    await Promise.all(writers.map(async (append) => {
      for (let i = 0; i < WARM_UP_APPENDS; i++) await append();
    }));
    const latencies: number[] = [];
    const start = performance.now();
    const deadline = start + CELL_MS;
    await Promise.all(writers.map(async (append) => {
      while (performance.now() < deadline) {
        const began = performance.now();
        await append();
        latencies.push(performance.now() - began);
      }
    }));
    const seconds = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    return { perSecond: latencies.length / seconds, p99Ms: latencies[Math.floor((latencies.length - 1) * 0.99)] };
  } finally {
    await close();
  }
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(1);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

/**
 * Append throughput and p99 latency of the PostgreSQL event store with 1, 10 and 50 concurrent
 * writers, next to a raw single-row INSERT on the same database and to emmett-postgresql's store.
 */
export async function eventStoreBenchmark(): Promise<BenchReport> {
  const database = await createTestDatabase('cc_bench');
  try {
    const setup = new Pool({ connectionString: database.url, max: 1 });
    await setup.query('CREATE TABLE bench_raw (id bigserial PRIMARY KEY, stream_id text NOT NULL, event jsonb NOT NULL)');
    await new PostgresEventStore(setup).init();
    const { rows } = await setup.query<{ server_version: string }>('SHOW server_version');
    await setup.end();

    let emmettFailure: string | null = null;
    const rowsOut: string[][] = [];
    for (const writers of WRITER_COUNTS) {
      const raw = await measure(rawInsert, database.url, writers);
      const ours = await measure(careCircle, database.url, writers);
      const theirs = emmettFailure ? null : await measure(emmett, database.url, writers).catch((error: Error) => {
        emmettFailure = `${error.name}: ${error.message}`;
        return null;
      });
      rowsOut.push([
        String(writers),
        count(raw.perSecond), ms(raw.p99Ms),
        count(ours.perSecond), ms(ours.p99Ms),
        theirs ? count(theirs.perSecond) : 'n/a', theirs ? ms(theirs.p99Ms) : 'n/a',
        ratio(ours.perSecond, raw.perSecond),
        theirs ? ratio(ours.perSecond, theirs.perSecond) : 'n/a',
      ]);
    }

    return {
      title: `Event store appends: PostgreSQL ${rows[0].server_version}, Node ${process.version}, ${cpus().length} cores`,
      notes: [
        `Each writer appends one event at a time to its own ${STREAMS_PER_WRITER} streams, expected revision checked;`,
        `${CELL_MS / 1000} s per cell after ${WARM_UP_APPENDS} untimed appends per writer; one pool connection per writer.`,
        'raw INSERT: one autocommitted single-row INSERT of the same JSON, no revision check, no ordering guarantee.',
        'emmett: @event-driven-io/emmett-postgresql 0.42 getPostgreSQLEventStore on the same database.',
        'Ratios compare events/s: CareCircle / raw INSERT and CareCircle / emmett (above 1x: CareCircle is faster).',
        ...(emmettFailure ? [`emmett-postgresql could not run here: ${emmettFailure}`] : []),
      ],
      columns: ['writers', 'raw ev/s', 'raw p99 ms', 'CareCircle ev/s', 'CareCircle p99 ms', 'emmett ev/s', 'emmett p99 ms', 'vs raw', 'vs emmett'],
      rows: rowsOut,
    };
  } finally {
    await database.drop();
  }
}
