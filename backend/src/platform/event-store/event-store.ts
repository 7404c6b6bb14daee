/**
 * The event store port. Two adapters implement it: PostgresEventStore (embedded default, tests)
 * and EventStoreDbEventStore (production, when EVENTSTORE_CONNECTION_STRING is set). One contract
 * suite (event-store.contract.ts) runs against both.
 *
 * Positions: every recorded event has a global position, a bigint that totally orders the whole
 * store in the order subscribers see it. PostgreSQL uses its own sequence; EventStoreDB packs its
 * (commit, prepare) pair into one bigint as commit * 2^64 + prepare, which keeps the order.
 * Revisions: the 0-based number of an event within its stream.
 */
import { randomUUID } from 'node:crypto';

export interface EventMetadata {
  /** The user who caused the event, null for the system (workers, migrations). */
  actorId: string | null;
  correlationId: string;
  causationId: string | null;
  /** ISO 8601 with offset. Taken from the command, never from the clock inside a decider. */
  occurredAt: string;
}

export interface NewEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  /** A UUID; the adapter generates one when absent (eventIdOf). */
  id?: string;
  /** An explicit stored type name such as 'CareRecipientAdded', never a class name. */
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/** The id a new event is stored with: its own, or a fresh UUID. */
export const eventIdOf = (event: NewEvent): string => event.id ?? randomUUID();

export interface RecordedEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  id: string;
  streamId: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /** 0-based position within the stream. */
  revision: bigint;
  /** Position in the whole store; strictly increasing in delivery order. */
  position: bigint;
}

/** What the writer believes the stream's last revision is. */
export type ExpectedRevision = bigint | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last appended event: the expected revision for the next append. */
  nextExpectedRevision: bigint;
  /** Global position of the last appended event (used for read-your-writes). */
  position: bigint;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'EVENT_STORE.WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId} was changed by someone else (expected ${String(expected)}, found ${String(actual)})`);
    this.name = 'WrongExpectedVersionError';
  }
}

export interface Subscription {
  /** Stops delivery; resolves once the handler is no longer running. */
  stop(): Promise<void>;
  /** Resolves when the subscription ends because of an error (never on stop()). */
  readonly failed: Promise<Error>;
}

export interface SubscribeOptions {
  /** Called with events in position order, each exactly once; the next batch waits for it. */
  handle(batch: RecordedEvent[]): Promise<void>;
  /** Largest batch handed to handle(); DEFAULT_BATCH_SIZE when not given. */
  batchSize?: number;
}

export const DEFAULT_BATCH_SIZE = 100;

/** A slice of a stream: a page of a task's history reads only what it shows. */
export interface StreamRange {
  fromRevision?: bigint;
  maxCount?: number;
}

/** A batch of several streams' events (readStreams): after which event, at most how many. */
export interface StreamsRange {
  /** The last event of the previous batch: the batch goes on after it. Null or absent: from the start. */
  after?: { streamId: string; revision: bigint } | null;
  maxCount: number;
}

/** One stream's part of appendMany(). */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface EventStore {
  /** Appends atomically, or throws WrongExpectedVersionError and changes nothing. */
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several distinct streams in one call (a burst of reminders: one per task stream).
   * Each stream's append is atomic and checked against its own expected revision, as append();
   * answers, in order, its result or the WrongExpectedVersionError that left that stream unchanged.
   * The set is not atomic: the others are appended either way. Any other error rejects the call, and
   * then any of the appends may or may not have been made. Throws RangeError for a stream named twice
   * or an append without events.
   */
  appendMany(appends: StreamAppend[]): Promise<(AppendResult | WrongExpectedVersionError)[]>;
  /**
   * Events of one stream in revision order, from `fromRevision` (default 0), at most `maxCount`
   * (default all); [] when the stream does not exist.
   */
  readStream(streamId: string, range?: StreamRange): Promise<RecordedEvent[]>;
  /**
   * Events of several streams in one read (an export's page of task histories): stream by stream in
   * the order `streamIds` names them, each in revision order, after `range.after`, at most
   * `range.maxCount`; a missing stream reads as empty. Throws RangeError for a stream named twice or
   * an `after` stream not named.
   */
  readStreams(streamIds: string[], range: StreamsRange): Promise<RecordedEvent[]>;
  /** Events with a position strictly after fromPosition (null: from the start), at most maxCount. */
  readAll(fromPosition: bigint | null, maxCount?: number): Promise<RecordedEvent[]>;
  /** Catch-up subscription: everything after fromPosition, then live events, never skipping one. */
  subscribe(fromPosition: bigint | null, options: SubscribeOptions): Subscription;
  /** Health probe: resolves when the store answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** appendMany()'s argument checks, shared by the adapters. */
export function checkAppends(appends: StreamAppend[]): void {
  const seen = new Set<string>();
  for (const { streamId, events } of appends) {
    if (events.length === 0) throw new RangeError(`append to ${streamId} needs at least one event`);
    if (seen.has(streamId)) throw new RangeError(`appendMany names ${streamId} twice`);
    seen.add(streamId);
  }
}

/** readStreams()'s argument checks, shared by the adapters: the index in `streamIds` to go on from. */
export function checkStreamsRange(streamIds: string[], { after = null }: StreamsRange): number {
  if (new Set(streamIds).size !== streamIds.length) throw new RangeError('readStreams names a stream twice');
  if (after === null) return 0;
  const index = streamIds.indexOf(after.streamId);
  if (index < 0) throw new RangeError(`readStreams goes on after ${after.streamId}, which it does not name`);
  return index;
}

/** Events a whole-streams read asks for at once (a burst's task streams hold a few each). */
const WHOLE_STREAMS_PAGE = 2000;

/**
 * Whole streams through `readStreams`, page after page (one statement each on PostgreSQL): each
 * stream's events in revision order, keyed by stream id; a stream that does not exist is absent.
 */
export async function readWholeStreams(store: Pick<EventStore, 'readStreams'>, streamIds: string[]): Promise<Map<string, RecordedEvent[]>> {
  const ids = [...new Set(streamIds)];
  const streams = new Map<string, RecordedEvent[]>();
  if (ids.length === 0) return streams;
  let after: StreamsRange['after'] = null;
  for (;;) {
    const page = await store.readStreams(ids, { after, maxCount: WHOLE_STREAMS_PAGE });
    for (const event of page) {
      const stream = streams.get(event.streamId);
      if (stream) stream.push(event);
      else streams.set(event.streamId, [event]);
    }
    if (page.length < WHOLE_STREAMS_PAGE) return streams;
    const last = page[page.length - 1];
    after = { streamId: last.streamId, revision: last.revision };
  }
}

/** Nest injection token for the EventStore port. */
export const EVENT_STORE = Symbol('EVENT_STORE');
