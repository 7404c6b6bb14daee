import type { DatabaseError, Pool } from 'pg';
import {
  DEFAULT_BATCH_SIZE,
  WrongExpectedVersionError,
  checkAppends,
  checkStreamsRange,
  eventIdOf,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type StreamRange,
  type StreamsRange,
  type SubscribeOptions,
  type Subscription,
} from './event-store';
import { prepared } from '../database/prepared';
import { runSubscription } from './subscription-loop';

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

/**
 * The append runs as one call of es_append (one round trip, in its own transaction), in this order:
 * 1. the stream's transaction-level advisory lock, then its revision, compared with the expected one
 *    (plpgsql runs each statement of a VOLATILE function on a fresh snapshot, so the read sees every
 *    append committed while this one waited for the lock). A mismatch returns before writing anything;
 * 2. the session-level append-order lock; the INSERT is the transaction's first write, so its xid is
 *    assigned there, under the lock, and so are the positions from the sequence. Locks do not assign
 *    an xid. Among appends, xid order is therefore position order;
 * 3. the order lock is released before COMMIT (a session lock allows that), so appends still commit
 *    while another one is held open; then the stream row.
 * es_append_many does the same for several streams in one transaction: their stream locks in lock-key
 * order (two calls sharing streams never wait for each other in a circle), every revision checked,
 * then one INSERT of the accepted streams' events under one hold of the order lock, and one commit.
 * Subscribers are woken after the commit, outside the append's transaction (announce()): a NOTIFY
 * inside it would serialise every committing append on PostgreSQL's notification queue lock.
 * If the INSERT fails, the function's transaction aborts with the session lock still held: append()
 * releases it on the same connection before the connection goes back to the pool.
 */
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
  );
  CREATE OR REPLACE FUNCTION es_append(p_stream_id text, p_expected text, p_expected_revision bigint, p_events jsonb)
  RETURNS TABLE (accepted boolean, revision bigint, "position" bigint) LANGUAGE plpgsql VOLATILE AS $$
  DECLARE
    v_accepted boolean;
    v_current bigint;
    v_position bigint;
  BEGIN
    PERFORM pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, hashtext(p_stream_id));
    SELECT s.revision INTO v_current FROM es_streams s WHERE s.stream_id = p_stream_id;
    v_accepted := CASE p_expected
      WHEN 'any' THEN true
      WHEN 'no_stream' THEN v_current IS NULL
      WHEN 'stream_exists' THEN v_current IS NOT NULL
      ELSE v_current IS NOT DISTINCT FROM p_expected_revision -- 'exact'
    END;
    IF NOT v_accepted THEN
      RETURN QUERY SELECT false, v_current, NULL::bigint;
      RETURN;
    END IF;

    PERFORM pg_advisory_lock(${STORE_LOCK_NAMESPACE}, ${APPEND_ORDER_LOCK});
    WITH inserted AS (
      INSERT INTO es_events (transaction_id, stream_id, revision, event_id, type, data, metadata)
      SELECT pg_current_xact_id(), p_stream_id, coalesce(v_current, -1) + e.n, (e.event->>'id')::uuid,
             e.event->>'type', e.event->'data', e.event->'metadata'
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(event, n)
      ORDER BY e.n
      RETURNING global_position
    )
    SELECT max(global_position) INTO v_position FROM inserted;
    PERFORM pg_advisory_unlock(${STORE_LOCK_NAMESPACE}, ${APPEND_ORDER_LOCK});

    INSERT INTO es_streams (stream_id, revision) VALUES (p_stream_id, coalesce(v_current, -1) + jsonb_array_length(p_events))
    ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision, updated_at = now();
    RETURN QUERY SELECT true, coalesce(v_current, -1) + jsonb_array_length(p_events), v_position;
  END $$;
  CREATE OR REPLACE FUNCTION es_append_many(p_appends jsonb)
  RETURNS TABLE (accepted boolean, revision bigint, "position" bigint) LANGUAGE plpgsql VOLATILE AS $$
  DECLARE
    v_accepted boolean[];
    v_current bigint[];
    v_positions jsonb := '{}';
    v_key integer;
  BEGIN
    FOR v_key IN SELECT DISTINCT hashtext(a->>'streamId') FROM jsonb_array_elements(p_appends) a ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, v_key);
    END LOOP;
    SELECT array_agg(c.accepted ORDER BY c.i), array_agg(c.current ORDER BY c.i) INTO v_accepted, v_current
    FROM (
      SELECT a.i, s.revision AS current, CASE a.x->>'expected'
        WHEN 'any' THEN true
        WHEN 'no_stream' THEN s.revision IS NULL
        WHEN 'stream_exists' THEN s.revision IS NOT NULL
        ELSE s.revision IS NOT DISTINCT FROM (a.x->>'expectedRevision')::bigint
      END AS accepted
      FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(x, i)
      LEFT JOIN es_streams s ON s.stream_id = a.x->>'streamId'
    ) c;

    IF true = ANY(v_accepted) THEN
      PERFORM pg_advisory_lock(${STORE_LOCK_NAMESPACE}, ${APPEND_ORDER_LOCK});
      WITH inserted AS (
        INSERT INTO es_events (transaction_id, stream_id, revision, event_id, type, data, metadata)
        SELECT pg_current_xact_id(), a.x->>'streamId', coalesce(v_current[a.i], -1) + e.n, (e.event->>'id')::uuid,
               e.event->>'type', e.event->'data', e.event->'metadata'
        FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(x, i)
        CROSS JOIN LATERAL jsonb_array_elements(a.x->'events') WITH ORDINALITY AS e(event, n)
        WHERE v_accepted[a.i]
        ORDER BY a.i, e.n
        RETURNING stream_id, global_position
      )
      SELECT jsonb_object_agg(p.stream_id, p.last) INTO v_positions
      FROM (SELECT stream_id, max(global_position) AS last FROM inserted GROUP BY stream_id) p;
      PERFORM pg_advisory_unlock(${STORE_LOCK_NAMESPACE}, ${APPEND_ORDER_LOCK});

      INSERT INTO es_streams (stream_id, revision)
      SELECT a.x->>'streamId', coalesce(v_current[a.i], -1) + jsonb_array_length(a.x->'events')
      FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(x, i)
      WHERE v_accepted[a.i]
      ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision, updated_at = now();
    END IF;
    RETURN QUERY
      SELECT v_accepted[a.i],
             CASE WHEN v_accepted[a.i] THEN coalesce(v_current[a.i], -1) + jsonb_array_length(a.x->'events') ELSE v_current[a.i] END,
             (v_positions->>(a.x->>'streamId'))::bigint
      FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(x, i)
      ORDER BY a.i;
  END $$;`;

/**
 * Readers see only events of transactions below the snapshot's xmin: every one of those has ended,
 * so no invisible event can still appear below what a reader has seen. That holds because appends
 * assign xids and positions in the same order (es_append, step 2). The xmin is server-wide: a
 * transaction that has written anything, in any database of the server, delays $all reads and
 * subscriptions until it ends (never reorders or skips). Keep transactions short, and never wait for
 * projections inside one.
 */
const READ_ALL = `
  SELECT global_position, stream_id, revision, event_id, type, data, metadata FROM es_events
  WHERE global_position > $1 AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY global_position LIMIT $2`;

const READ_STREAM = `SELECT global_position, stream_id, revision, event_id, type, data, metadata FROM es_events
  WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;

interface AppendRow {
  accepted: boolean;
  /** The new last revision when accepted, else the current one (null: no stream). */
  revision: string | null;
  position: string | null;
}

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

const toStored = (e: NewEvent) => ({ id: eventIdOf(e), type: e.type, data: e.data, metadata: e.metadata });

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
  private notifying = false;
  private notifyAgain = false;
  /** The wake of subscribers due on the next timer turn (learnHead). */
  private waking: NodeJS.Timeout | null = null;
  /** The highest position known to be committed. */
  private head = 0n;

  constructor(private readonly pool: Pool) {}

  /** Creates the tables if missing; safe to call from several processes at once. */
  async init(): Promise<void> {
    // Several statements in one simple query run as one implicit transaction, which scopes the lock.
    await this.pool.query(SCHEMA);
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    checkAppends([{ streamId, events, expectedRevision }]);
    const params = typeof expectedRevision === 'bigint' ? [streamId, 'exact', expectedRevision.toString()] : [streamId, expectedRevision, null];
    const [row] = await this.callAppend('SELECT * FROM es_append($1, $2, $3, $4)', [...params, JSON.stringify(events.map(toStored))], [streamId]);
    const result = this.resultOf(streamId, expectedRevision, row);
    if (result instanceof WrongExpectedVersionError) throw result;
    return result;
  }

  /** All in one es_append_many call: one transaction, one commit, the append-order lock taken once. */
  async appendMany(appends: StreamAppend[]): Promise<(AppendResult | WrongExpectedVersionError)[]> {
    checkAppends(appends);
    if (appends.length === 0) return [];
    const payload = appends.map(({ streamId, events, expectedRevision }) => ({
      streamId,
      expected: typeof expectedRevision === 'bigint' ? 'exact' : expectedRevision,
      expectedRevision: typeof expectedRevision === 'bigint' ? expectedRevision.toString() : null,
      events: events.map(toStored),
    }));
    const rows = await this.callAppend('SELECT * FROM es_append_many($1)', [JSON.stringify(payload)], appends.map((a) => a.streamId));
    return appends.map(({ streamId, expectedRevision }, i) => this.resultOf(streamId, expectedRevision, rows[i]));
  }

  async readStream(streamId: string, { fromRevision = 0n, maxCount }: StreamRange = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(prepared(READ_STREAM, [streamId, fromRevision.toString(), maxCount ?? null]));
    return rows.map(toRecorded);
  }

  /** One statement, through es_events_stream_revision, whatever the number of streams. */
  async readStreams(streamIds: string[], range: StreamsRange): Promise<RecordedEvent[]> {
    const from = checkStreamsRange(streamIds, range);
    if (streamIds.length === 0 || range.maxCount <= 0) return [];
    const { rows } = await this.pool.query<EventRow>(
      `SELECT e.global_position, e.stream_id, e.revision, e.event_id, e.type, e.data, e.metadata
       FROM unnest($1::text[]) WITH ORDINALITY AS s(stream_id, n)
       JOIN es_events e ON e.stream_id = s.stream_id
       WHERE s.n > $2 OR (s.n = $2 AND e.revision > $3)
       ORDER BY s.n, e.revision LIMIT $4`,
      [streamIds, from + 1, range.after ? range.after.revision.toString() : '-1', range.maxCount],
    );
    return rows.map(toRecorded);
  }

  async readAll(fromPosition: bigint | null, maxCount?: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(prepared(READ_ALL, [(fromPosition ?? 0n).toString(), maxCount ?? null]));
    return rows.map(toRecorded);
  }

  subscribe(fromPosition: bigint | null, { handle, batchSize = DEFAULT_BATCH_SIZE }: SubscribeOptions): Subscription {
    let position = fromPosition;
    // Set by a notification or stop(); cleared before each read, so one arriving during a read is not lost.
    let woken = false;
    let interrupt = () => {};
    const wake = () => {
      woken = true;
      interrupt();
    };
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          interrupt = () => {};
          resolve();
        }
        interrupt = done;
      });

    this.wakers.add(wake);
    return runSubscription(
      this.subscriptions,
      async (isStopped) => {
        await this.listen();
        let invisibleRounds = 0;
        while (!isStopped()) {
          woken = false;
          const batch = await this.readAll(position, batchSize);
          if (isStopped()) break;
          if (batch.length > 0) {
            await handle(batch);
            position = batch[batch.length - 1].position;
          }
          if (batch.length < batchSize) {
            // Committed events can stay invisible while an older transaction on the server is open (the
            // xmin rule): look again soon rather than after a full poll interval, when more is known to exist.
            const behind = position === null ? this.head > 0n : position < this.head;
            invisibleRounds = behind && batch.length === 0 ? invisibleRounds + 1 : 0;
            await pause(behind ? Math.min(2 ** invisibleRounds, POLL_INTERVAL_MS) : POLL_INTERVAL_MS);
            void this.listen(); // reconnects a listener lost since the last round
          }
        }
      },
      { wake, cleanup: () => void this.wakers.delete(wake) },
    );
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM es_streams LIMIT 1');
  }

  /** Stops the subscriptions and gives back the LISTEN connection; the pool stays open. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.waking) clearTimeout(this.waking);
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.connecting;
    this.listener?.drop();
  }

  /**
   * Wakes this process's subscribers (learnHead), and those of other processes with a NOTIFY of its own:
   * at most one in flight, and one more after it when appends arrived meanwhile, so a burst of appends
   * costs a few notifications, not one each. A lost notification costs a subscriber one poll interval.
   */
  private announce(position: bigint): void {
    this.learnHead(position);
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    const send = (): Promise<void> =>
      this.pool
        .query(`SELECT pg_notify('${CHANNEL}', $1)`, [this.head.toString()])
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          if (this.notifyAgain && !this.closed) {
            this.notifyAgain = false;
            return send();
          }
          this.notifying = false;
        });
    void send();
  }

  /**
   * A position known to be committed (this process's append, or another's notification): subscribers
   * look for it on the loop's next timer turn, not at once. The appending request still has its own
   * follow-up to send and answer (read-your-writes.ts records the position); woken at once, the
   * projectors' reads and transactions queued ahead of it and a completion's answer took about 3 ms
   * longer on a quiet server. Appends within that turn wake them once.
   */
  private learnHead(position: bigint): void {
    if (position > this.head) this.head = position;
    if (this.waking) return;
    this.waking = setTimeout(() => {
      this.waking = null;
      this.wakers.forEach((wake) => wake());
    });
  }

  private resultOf(streamId: string, expected: ExpectedRevision, row: AppendRow): AppendResult | WrongExpectedVersionError {
    if (!row.accepted) return new WrongExpectedVersionError(streamId, expected, row.revision === null ? 'no_stream' : BigInt(row.revision));
    this.announce(BigInt(row.position as string));
    return { nextExpectedRevision: BigInt(row.revision as string), position: BigInt(row.position as string) };
  }

  /**
   * One es_append or es_append_many call on a connection of its own, so that a failure can release
   * the order lock on that session. Only a writer that bypassed the functions can take a revision
   * under the stream lock: then every stream of the call answers with its current revision, refused.
   */
  private async callAppend(sql: string, params: unknown[], streamIds: string[]): Promise<AppendRow[]> {
    const client = await this.pool.connect();
    try {
      // Prepared once per connection: the append is on every command's path.
      const { rows } = await client.query<AppendRow>(prepared(sql, params));
      client.release();
      return rows;
    } catch (error) {
      try {
        // The session-level order lock survives the aborted call. Unlocking one not held returns false.
        await client.query('SELECT pg_advisory_unlock($1, $2)', [STORE_LOCK_NAMESPACE, APPEND_ORDER_LOCK]);
        client.release();
      } catch (unlockError) {
        client.release(unlockError as Error); // ending the session releases whatever it still holds
      }
      if (!isRevisionConflict(error)) throw error;
      const { rows } = await this.pool.query<{ stream_id: string; revision: string }>('SELECT stream_id, revision FROM es_streams WHERE stream_id = ANY($1)', [streamIds]);
      const current = new Map(rows.map((row) => [row.stream_id, row.revision]));
      return streamIds.map((id) => ({ accepted: false, revision: current.get(id) ?? null, position: null }));
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
    client.on('notification', ({ payload }) => this.learnHead(/^\d+$/.test(payload ?? '') ? BigInt(payload!) : 0n));
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      return drop(error as Error);
    }
    if (this.closed) return drop();
    this.listener = { drop };
  }
}
