import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../event-store/event-store';

/** Tries of one event before it is parked; the waits between them double from BACKOFF_MS. */
export const MAX_ATTEMPTS = 4;
export const BACKOFF_MS = 50;
/** Waits between tries of an outage (transient errors are retried for as long as it lasts). */
export const OUTAGE_BACKOFF_MAX_MS = 5000;

export const backoff = (attempt: number, maxMs = OUTAGE_BACKOFF_MAX_MS) => Math.min(BACKOFF_MS * 2 ** (attempt - 1), maxMs);

/**
 * Whether an error says the database (or the connection to it) is unavailable rather than that this
 * event cannot be applied: connection failures (class 08), serialization failures and deadlocks (40),
 * insufficient resources (53), operator intervention such as a restart (57), system errors (58), and
 * Node's socket errors. Those are retried until they pass and never park an event: an outage must
 * not turn every event of its duration into a parked one.
 */
export function isTransient(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? '');
  if (/^(08|40|53|57|58)/.test(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  const message = (error as Error)?.message ?? '';
  return /Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(message);
}

export const describeError = (error: unknown): string => {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' ? `${code}: ${message}` : message).slice(0, 2000);
};

/** Records an event a projection gives up on, in the transaction that moves its checkpoint past it. */
export async function park(em: EntityManager, projection: string, event: RecordedEvent, error: unknown, attempts: number): Promise<void> {
  await em.execute(
    `INSERT INTO projection_failures (projection, position, event_id, stream_id, revision, event_type, correlation_id, error, attempts, first_seen_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
     ON CONFLICT (projection, position) DO UPDATE
       SET error = excluded.error, attempts = projection_failures.attempts + excluded.attempts, last_seen_at = now()`,
    [
      projection,
      event.position.toString(),
      event.id,
      event.streamId,
      event.revision.toString(),
      event.type,
      event.metadata.correlationId ?? null,
      describeError(error),
      attempts,
    ],
  );
}

export interface ParkedEvent {
  projection: string;
  position: bigint;
  eventId: string;
  streamId: string;
  revision: bigint;
  eventType: string;
  error: string;
}

export async function parkedEvents(em: EntityManager, projection: string): Promise<ParkedEvent[]> {
  const rows: { projection: string; position: string; event_id: string; stream_id: string; revision: string; event_type: string; error: string }[] =
    await em.execute('SELECT * FROM projection_failures WHERE projection = ? ORDER BY position', [projection]);
  return rows.map((row) => ({
    projection: row.projection,
    position: BigInt(row.position),
    eventId: row.event_id,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    eventType: row.event_type,
    error: row.error,
  }));
}

export class ProjectionFailedError extends Error {
  readonly code = 'PLATFORM.PROJECTION_FAILED';
  constructor(
    readonly projections: string[],
    readonly correlationId: string | null,
  ) {
    super(
      `Your change was saved, but it could not be shown everywhere because of a fault on our side. We have been notified` +
        (correlationId ? ` (reference ${correlationId}).` : '.'),
    );
  }
}

/** A rebuild stopped on an event: nothing it did is kept. */
export class RebuildFailedError extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(
      `rebuild of ${projection} failed on event ${event.id} (${event.type}, stream ${event.streamId} revision ${event.revision}, position ${event.position}): ` +
        `${describeError(cause)}; the live read models were left as they were`,
    );
  }
}
