import { randomUUID } from 'node:crypto';
import type { DatabaseError, Pool, PoolClient } from 'pg';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store';

/**
 * Advisory-lock keys, two-int form (the projection runner uses namespace 7301). Stream locks are
 * (7310, hashtext(stream id)): a hash collision only serialises two unrelated streams.
 */
const STREAM_LOCK_NAMESPACE = 7310;
const STORE_LOCK_NAMESPACE = 7311;
const APPEND_ORDER_LOCK = 1;
const SCHEMA_LOCK = 2;

const CHANNEL = 'es_events';
/** Subscribers also poll: a transaction that held events back can end (abort) without a notification. */
const POLL_INTERVAL_MS = 250;
const DEFAULT_BATCH_SIZE = 100;

const SCHEMA = `
  SELECT pg_advisory_xact_lock(${STORE_LOCK_NAMESPACE}, ${SCHEMA_LOCK});
  CREATE TABLE IF NOT EXISTS es_events (
    global_position bigserial PRIMARY KEY,
    transaction_id xid8 NOT NULL,
    stream_id text NOT NULL,
    revision bigint NOT NULL,
    event_id uuid NOT NULL,
    type text NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT es_events_stream_revision UNIQUE (stream_id, revision)
  );
  CREATE TABLE IF NOT EXISTS es_streams (
    stream_id text PRIMARY KEY,
    revision bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );`;

/**
 * One statement: take the session-level append-order lock, insert the events (the first write of the
 * transaction, so its xid is assigned here, under the lock, as are the positions from the sequence),
 * then release the lock. Every inserted row needs the `ordered` row first, so nothing is written
 * before the lock is held; the aggregate consumes every inserted row before the unlock in its output
 * row runs. The lock is held for this statement only, never until commit.
 */
const INSERT_EVENTS = `
  WITH ordered AS (SELECT pg_advisory_lock(${STORE_LOCK_NAMESPACE}, ${APPEND_ORDER_LOCK})),
  inserted AS (
    INSERT INTO es_events (transaction_id, stream_id, revision, event_id, type, data, metadata)
    SELECT pg_current_xact_id(), $1, $2::bigint + e.n - 1, (e.event->>'id')::uuid, e.event->>'type', e.event->'data', e.event->'metadata'
    FROM ordered, jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(event, n)
    ORDER BY e.n
    RETURNING global_position
  )
  SELECT max(global_position)::text AS position, pg_advisory_unlock(${STORE_LOCK_NAMESPACE}, ${APPEND_ORDER_LOCK}) AS unlocked
  FROM inserted`;

/** Record the stream's revision and wake subscribers at commit (the CTE runs although nothing reads it). */
const RECORD_STREAM = `
  WITH stream AS (
    INSERT INTO es_streams (stream_id, revision) VALUES ($1, $2)
    ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision, updated_at = now()
  )
  SELECT pg_notify('${CHANNEL}', $3)`;

/**
 * Readers see only events of transactions below the snapshot's xmin: every one of those has ended,
 * so no invisible event can still appear below what a reader has seen. That holds because appends
 * assign xids and positions in the same order (INSERT_EVENTS).
 */
const READ_ALL = `
  SELECT global_position, stream_id, revision, event_id, type, data, metadata FROM es_events
  WHERE global_position > $1 AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY global_position LIMIT $2`;

interface EventRow {
  global_position: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  streamId: row.stream_id,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  revision: BigInt(row.revision),
  position: BigInt(row.global_position),
});

function accepts(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'stream_exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
}

const isRevisionConflict = (error: unknown) =>
  (error as DatabaseError).code === '23505' && (error as DatabaseError).constraint === 'es_events_stream_revision';

/**
 * The event store on PostgreSQL (tables es_events and es_streams). It uses the pool it is given and
 * leaves ending it to the owner; subscriptions share one LISTEN connection taken from that pool.
 */
export class PostgresEventStore implements EventStore {
  private readonly wakers = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();
  private listener: { drop(): void } | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly pool: Pool) {}

  /** Creates the tables if missing; safe to call from several processes at once. */
  async init(): Promise<void> {
    // Several statements in one simple query run as one implicit transaction, which scopes the lock.
    await this.pool.query(SCHEMA);
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`append to ${streamId} needs at least one event`);
    const payload = JSON.stringify(
      events.map((e) => ({ id: e.id ?? randomUUID(), type: e.type, data: e.data, metadata: e.metadata })),
    );
    const client = await this.pool.connect();
    let result: AppendResult;
    let mayHoldOrderLock = false;
    try {
      // READ COMMITTED on purpose: the revision read below must see appends committed while this one
      // waited for the stream lock, which a transaction-wide snapshot would not.
      await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
      // Only locks before INSERT_EVENTS: no xid may be assigned outside the append-order lock.
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [STREAM_LOCK_NAMESPACE, streamId]);
      const actual = await this.revisionOf(streamId, client);
      if (!accepts(expectedRevision, actual)) throw new WrongExpectedVersionError(streamId, expectedRevision, actual);
      const first = actual === 'no_stream' ? 0n : actual + 1n;
      mayHoldOrderLock = true;
      const inserted = await client.query<{ position: string }>(INSERT_EVENTS, [streamId, first.toString(), payload]);
      mayHoldOrderLock = false;
      result = { nextExpectedRevision: first + BigInt(events.length - 1), position: BigInt(inserted.rows[0].position) };
      await client.query(RECORD_STREAM, [streamId, result.nextExpectedRevision.toString(), result.position.toString()]);
      await client.query('COMMIT');
    } catch (error) {
      await this.abandon(client, mayHoldOrderLock);
      if (isRevisionConflict(error)) {
        throw new WrongExpectedVersionError(streamId, expectedRevision, await this.revisionOf(streamId, this.pool));
      }
      throw error;
    }
    client.release();
    return result;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      'SELECT global_position, stream_id, revision, event_id, type, data, metadata FROM es_events WHERE stream_id = $1 ORDER BY revision',
      [streamId],
    );
    return rows.map(toRecorded);
  }

  async readAll(fromPosition: bigint | null, maxCount?: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(READ_ALL, [(fromPosition ?? 0n).toString(), maxCount ?? null]);
    return rows.map(toRecorded);
  }

  subscribe(fromPosition: bigint | null, { handle, batchSize = DEFAULT_BATCH_SIZE }: SubscribeOptions): Subscription {
    let position = fromPosition;
    let stopped = false;
    // Set by a notification or stop(); cleared before each read, so one arriving during a read is not lost.
    let woken = false;
    let interrupt = () => {};
    const wake = () => {
      woken = true;
      interrupt();
    };
    const pause = () =>
      new Promise<void>((resolve) => {
        if (woken) return resolve();
        const timer = setTimeout(done, POLL_INTERVAL_MS);
        function done() {
          clearTimeout(timer);
          interrupt = () => {};
          resolve();
        }
        interrupt = done;
      });
    let fail: (error: Error) => void = () => {};
    const failed = new Promise<Error>((resolve) => (fail = resolve));

    const run = async () => {
      await this.listen();
      while (!stopped) {
        woken = false;
        const batch = await this.readAll(position, batchSize);
        if (stopped) break;
        if (batch.length > 0) {
          await handle(batch);
          position = batch[batch.length - 1].position;
        }
        if (batch.length < batchSize) {
          await pause();
          void this.listen(); // reconnects a listener lost since the last round
        }
      }
    };

    this.wakers.add(wake);
    const done = run()
      .catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        this.wakers.delete(wake);
        this.subscriptions.delete(subscription);
      });
    const subscription: Subscription = {
      failed,
      stop: async () => {
        stopped = true;
        wake();
        await done;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM es_streams LIMIT 1');
  }

  /** Stops the subscriptions and gives back the LISTEN connection; the pool stays open. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.connecting;
    this.listener?.drop();
  }

  private async revisionOf(streamId: string, db: Pool | PoolClient): Promise<bigint | 'no_stream'> {
    const { rows } = await db.query<{ revision: string }>('SELECT revision FROM es_streams WHERE stream_id = $1', [streamId]);
    return rows.length === 0 ? 'no_stream' : BigInt(rows[0].revision);
  }

  /** Rolls back and makes sure the session-level append-order lock does not go back to the pool. */
  private async abandon(client: PoolClient, mayHoldOrderLock: boolean): Promise<void> {
    try {
      await client.query('ROLLBACK');
      // Session locks survive ROLLBACK. INSERT_EVENTS may have failed before or after taking it;
      // unlocking a lock that is not held only returns false.
      if (mayHoldOrderLock) await client.query('SELECT pg_advisory_unlock($1, $2)', [STORE_LOCK_NAMESPACE, APPEND_ORDER_LOCK]);
      client.release();
    } catch (error) {
      client.release(error as Error); // ending the session releases any lock it still holds
    }
  }

  /** Opens the shared LISTEN connection if it is not open; subscribers fall back to polling without it. */
  private listen(): Promise<void> {
    if (this.closed || this.listener) return Promise.resolve();
    this.connecting ??= this.connectListener().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connectListener(): Promise<void> {
    const client = await this.pool.connect().catch(() => null);
    if (!client) return;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.listener?.drop === drop) this.listener = null;
      client.release(error ?? true); // destroyed rather than pooled: it is still listening
    };
    // Stays attached after drop(): a late error on the closing connection must not crash the process.
    client.on('error', drop);
    client.on('notification', () => this.wakers.forEach((wake) => wake()));
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      return drop(error as Error);
    }
    if (this.closed) return drop();
    this.listener = { drop };
  }
}
