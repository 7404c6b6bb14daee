import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import type { EventStore, NewEvent } from '../platform/event-store/event-store';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { DataKeys } from '../platform/privacy/data-keys';
import { EncryptingEventStore } from '../platform/privacy/encrypting-event-store';
import { PersonalData } from '../platform/privacy/personal-data';
import { careRecipientPersonalData } from '../modules/care-recipients';
import { schedulingPersonalData } from '../modules/scheduling';
import { createTestDatabase } from '../test-support/database';
import type { BenchReport } from './report';

const EVENTS = Number(process.env.BENCH_PRIVACY_EVENTS ?? 4000);
const RECIPIENTS = 200;
const ROUNDS = 3;

/** A task scheduled for one of RECIPIENTS recipients: six personal fields among twenty. */
function taskScheduled(childId: string): NewEvent {
  const taskId = randomUUID();
  return {
    type: 'TaskScheduled',
    data: {
      taskId, childId, templateId: null, scheduledBy: null, scheduledAt: '2026-11-21T08:00:00Z',
      name: 'Oxybutynin 0.5 ml', description: 'With food, then check the catheter site', category: 'medication', priority: 'high',
      isUrgent: true, medicationId: null, imageUrl: null, timeSlot: 'morning', taskGroupId: null, timeSpecificNotes: 'Before school',
      appointmentDetails: null, scheduledDate: '2026-11-21', localTime: '08:00', timezone: 'Europe/Paris', scheduledTime: '2026-11-21T07:00:00Z',
    },
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: '2026-11-21T08:00:00Z' },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Events per second appending one event per stream (one writer), and reading them all back ($all, as a rebuild does). */
async function measure(store: EventStore, children: string[]): Promise<{ append: number; read: number }> {
  const events = Array.from({ length: EVENTS }, (_, i) => taskScheduled(children[i % children.length]));
  let started = performance.now();
  for (const event of events) await store.append(`task-${(event.data as { taskId: string }).taskId}`, [event], 'no_stream');
  const append = EVENTS / ((performance.now() - started) / 1000);
  started = performance.now();
  let read = 0;
  for (let from: bigint | null = null; ; ) {
    const batch = await store.readAll(from, 1000);
    if (batch.length === 0) break;
    read += batch.length;
    from = batch[batch.length - 1].position;
  }
  return { append, read: read / ((performance.now() - started) / 1000) };
}

/**
 * The cost of crypto-shredding (docs/privacy.md): the same TaskScheduled events appended and read
 * back through the plain PostgreSQL store and through the encrypting store (wrapped keys, a warm
 * per-process key cache over RECIPIENTS subjects). Median of ROUNDS rounds, each on a fresh database.
 */
export async function privacyBenchmark(): Promise<BenchReport> {
  const children = Array.from({ length: RECIPIENTS }, () => randomUUID());
  const results: Record<'plain' | 'encrypted', { append: number[]; read: number[] }> = { plain: { append: [], read: [] }, encrypted: { append: [], read: [] } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of ['plain', 'encrypted'] as const) {
      const database = await createTestDatabase('cc_bench');
      const pool = new Pool({ connectionString: database.url, max: 4 });
      try {
        const inner = new PostgresEventStore(pool);
        await inner.init();
        const keys = new DataKeys(pool, 'bench-secret-'.padEnd(32, 'x'));
        await keys.init();
        const personalData = new PersonalData();
        personalData.declare(careRecipientPersonalData);
        personalData.declare(schedulingPersonalData);
        const store = kind === 'plain' ? inner : new EncryptingEventStore(inner, keys, personalData);
        const { append, read } = await measure(store, children);
        results[kind].append.push(append);
        results[kind].read.push(read);
        await inner.close();
      } finally {
        await pool.end();
        await database.drop();
      }
    }
  }
  const row = (label: string, key: 'append' | 'read') => {
    const plain = median(results.plain[key]);
    const encrypted = median(results.encrypted[key]);
    return [label, Math.round(plain).toLocaleString('en'), Math.round(encrypted).toLocaleString('en'), `${(encrypted / plain).toFixed(2)}x`];
  };
  return {
    title: 'Crypto-shredding cost (backend/src/bench/privacy.bench.ts)',
    notes: [`${EVENTS} TaskScheduled events (6 personal fields) over ${RECIPIENTS} recipients; median of ${ROUNDS} rounds; ev/s`],
    columns: ['operation', 'plain ev/s', 'encrypted ev/s', 'ratio'],
    rows: [row('append, 1 writer', 'append'), row('read $all (rebuild)', 'read')],
  };
}
