import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  DEFAULT_BATCH_SIZE,
  WrongExpectedVersionError,
  checkAppends,
  eventIdOf,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type StreamRange,
  type SubscribeOptions,
  type Subscription,
} from './event-store';
import { runSubscription } from './subscription-loop';

/** $all is read in pages of this size: system events are skipped, so a page can hold fewer of ours. */
const READ_PAGE = 500;
const POSITION_SHIFT = 64n;
const PREPARE_MASK = (1n << POSITION_SHIFT) - 1n;

/** EventStoreDB's (commit, prepare) pair as one bigint that keeps its order: commit * 2^64 + prepare. */
export const packPosition = ({ commit, prepare }: Position): bigint => (commit << POSITION_SHIFT) + prepare;
export const unpackPosition = (position: bigint): Position => ({ commit: position >> POSITION_SHIFT, prepare: position & PREPARE_MASK });

/** The same rule as the client's excludeSystemEvents() filter (event types starting with '$'). */
const isSystemEvent = (type: string) => type.startsWith('$');

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  // Stream reads carry the position from server 22.6 on; older servers cannot serve this port.
  if (!event.position) throw new Error(`EventStoreDB returned ${event.streamId}@${event.revision} without a position (server older than 22.6?)`);
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: event.metadata as unknown as EventMetadata,
    revision: event.revision,
    position: packPosition(event.position),
  };
}

/** The event store on EventStoreDB (used when EVENTSTORE_CONNECTION_STRING is set). */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`append to ${streamId} needs at least one event`);
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ id: eventIdOf(e), type: e.type, data: e.data, metadata: { ...e.metadata } })),
        { expectedRevision: toEsdbRevision(expectedRevision) },
      );
      if (!result.position) throw new Error(`EventStoreDB returned no position for the append to ${streamId}`);
      return { nextExpectedRevision: result.nextExpectedRevision, position: packPosition(result.position) };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamId, expectedRevision, error.actualVersion);
      }
      throw error;
    }
  }

  /** EventStoreDB has no append across streams: the appends run side by side on the client's one connection. */
  async appendMany(appends: StreamAppend[]): Promise<(AppendResult | WrongExpectedVersionError)[]> {
    checkAppends(appends);
    return Promise.all(
      appends.map(({ streamId, events, expectedRevision }) =>
        this.append(streamId, events, expectedRevision).catch((error: unknown) => {
          if (error instanceof WrongExpectedVersionError) return error;
          throw error;
        }),
      ),
    );
  }

  async readStream(streamId: string, { fromRevision = 0n, maxCount }: StreamRange = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (maxCount === 0) return events;
    try {
      for await (const { event } of this.client.readStream(streamId, { fromRevision, ...(maxCount === undefined ? {} : { maxCount }) })) {
        if (event) events.push(toRecorded(event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** EventStoreDB reads one stream a call: the streams are read side by side. */
  async readStreams(streamIds: string[]): Promise<Map<string, RecordedEvent[]>> {
    const read = await Promise.all([...new Set(streamIds)].map(async (streamId) => [streamId, await this.readStream(streamId)] as const));
    return new Map(read.filter(([, events]) => events.length > 0));
  }

  async readAll(fromPosition: bigint | null, maxCount = Number.MAX_SAFE_INTEGER): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    // EventStoreDB reads $all from a position inclusively; the port reads strictly after it.
    let after = fromPosition;
    for (;;) {
      let read = 0;
      const from: ReadPosition = after === null ? START : unpackPosition(after);
      for await (const { event } of this.client.readAll({ fromPosition: from, maxCount: READ_PAGE })) {
        read++;
        if (!event) continue;
        const position = packPosition(event.position);
        if (after !== null && position <= after) continue;
        after = position;
        if (isSystemEvent(event.type)) continue;
        events.push(toRecorded(event));
        if (events.length >= maxCount) return events;
      }
      if (read < READ_PAGE) return events;
    }
  }

  subscribe(fromPosition: bigint | null, { handle, batchSize = DEFAULT_BATCH_SIZE }: SubscribeOptions): Subscription {
    const source = this.client.subscribeToAll({
      fromPosition: fromPosition === null ? START : unpackPosition(fromPosition),
      filter: excludeSystemEvents(),
    });
    // Events wait here while handle() runs; the source is paused once a batch is queued.
    const queue: AllStreamResolvedEvent[] = [];
    let ended: Error | null = null;
    let wake = () => {};
    const arrival = () => new Promise<void>((resolve) => (wake = resolve));
    source.on('data', (resolved: AllStreamResolvedEvent) => {
      queue.push(resolved);
      if (queue.length >= batchSize) source.pause();
      wake();
    });
    source.on('error', (error) => {
      ended = error;
      wake();
    });
    source.on('end', () => {
      ended ??= new Error('EventStoreDB ended the subscription');
      wake();
    });

    let delivered = fromPosition;

    return runSubscription(
      this.subscriptions,
      async (isStopped) => {
        while (!isStopped()) {
          if (queue.length === 0) {
            if (ended) throw ended;
            await arrival();
            continue;
          }
          const batch = queue
            .splice(0, batchSize)
            .flatMap(({ event }) => (event ? [toRecorded(event)] : []))
            .filter((e) => delivered === null || e.position > delivered); // the server starts after fromPosition; never repeat one
          source.resume();
          if (batch.length === 0) continue;
          await handle(batch);
          delivered = batch[batch.length - 1].position;
        }
      },
      {
        wake: () => wake(),
        cleanup: () => source.unsubscribe().catch(() => undefined), // the server may have ended it already
      },
    );
  }

  async ping(): Promise<void> {
    await this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }).toArray();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }
}
