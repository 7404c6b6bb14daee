import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_STORE,
  WrongExpectedVersionError,
  readWholeStreams,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
} from '../event-store/event-store';
import { leaveWaitToNextRequest } from '../http/read-your-writes';
import { ProjectionRunner } from '../projections/projection-runner';
import type { CommandMetadata, Decider, DomainEvent } from './decider';
import { DomainError } from './domain-error';

/**
 * Concurrent writers to one stream: re-read and decide again. Every round at least one writer wins,
 * so with a random pause between rounds 20 concurrent writers to one stream all get through within 30
 * rounds; the time bound only stops a writer that keeps losing on a starved machine (3 s was too
 * short for 20 writers on two busy cores: one of them got a 409 in CI). A real conflict (the same
 * task completed twice) is the decider's answer on the fresh state, not a retry that runs out.
 */
const MAX_ATTEMPTS = 30;
const MAX_RETRY_MS = 10_000;
const RETRY_JITTER_MS = 10;

export interface Loaded<State> {
  state: State;
  revision: ExpectedRevision;
  events: RecordedEvent[];
}

/**
 * Load, decide, append with the expected revision, then wait until the projections show the change.
 * On a concurrent write the command is decided again on the fresh state (so a rule such as "already
 * completed" sees the other writer's events); a persisting conflict is a 409.
 */
@Injectable()
export class EventSourcedStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionRunner,
  ) {}

  async load<Event extends DomainEvent, State>(streamId: string, decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>): Promise<Loaded<State>> {
    return this.fold(await this.store.readStream(streamId), decider);
  }

  /** A stream's events folded into its state, with the revision to append at. */
  private fold<Event extends DomainEvent, State>(events: RecordedEvent[], decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>): Loaded<State> {
    const state = events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initialState());
    return { state, revision: events.length === 0 ? 'no_stream' : events[events.length - 1].revision, events };
  }

  async execute<Command extends { metadata: CommandMetadata }, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    /**
     * Workers pass `{ awaitProjections: false }`: nobody reads back what they record. A command whose
     * answer is its decided state passes 'next-request': in a signed-in request, the session's next
     * request waits instead (read-your-writes.ts), so the answer does not wait for the read models.
     */
    { awaitProjections = true }: { awaitProjections?: boolean | 'next-request' } = {},
  ): Promise<{ events: Event[]; state: State; position?: bigint }> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(streamId, decider);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, state };
      const recorded = toNewEvents(events, command.metadata);
      let position: bigint;
      try {
        position = (await this.store.append(streamId, recorded, revision)).position;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempt >= MAX_ATTEMPTS || Date.now() - started > MAX_RETRY_MS) {
          throw new DomainError('PLATFORM.CONCURRENT_CHANGE', 'conflict', 'Someone else changed this at the same moment. Please try again.');
        }
        await new Promise((resolve) => setTimeout(resolve, randomInt(RETRY_JITTER_MS * Math.min(attempt, 5)) + 1));
        continue;
      }
      const appended = { position, types: recorded.map((e) => e.type), eventIds: recorded.map((e) => e.id), correlationId: command.metadata.correlationId };
      if (awaitProjections === true || (awaitProjections === 'next-request' && !(await leaveWaitToNextRequest(appended)))) await this.projections.waitFor(appended);
      return { events, state: events.reduce(decider.evolve, state), position };
    }
  }

  /**
   * Commands for many streams of one decider, recorded together (a burst of reminders, one per task
   * stream): each stream is loaded and its command decided as in execute(), the decided events are
   * appended in one appendMany(), and a stream that another writer changed meanwhile goes through
   * execute() again, decided on its fresh state. Never waits for the projections (workers only).
   * Answers each command's events, or why it failed, in order.
   */
  async executeMany<Command extends { metadata: CommandMetadata }, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    commands: { streamId: string; command: Command }[],
  ): Promise<PromiseSettledResult<Event[]>[]> {
    // Every stream read in one call (one statement on PostgreSQL), then each decided on its own.
    let streams: Map<string, RecordedEvent[]>;
    try {
      streams = await readWholeStreams(this.store, commands.map(({ streamId }) => streamId));
    } catch (error) {
      return commands.map(() => ({ status: 'rejected', reason: error }));
    }
    const decided = commands.map(({ streamId, command }): PromiseSettledResult<{ events: Event[]; revision: ExpectedRevision }> => {
      try {
        const { state, revision } = this.fold(streams.get(streamId) ?? [], decider);
        return { status: 'fulfilled', value: { events: decider.decide(command, state), revision } };
      } catch (error) {
        return { status: 'rejected', reason: error };
      }
    });
    const appending = commands.flatMap(({ streamId, command }, i) => {
      const outcome = decided[i];
      return outcome.status === 'fulfilled' && outcome.value.events.length > 0
        ? [{ i, streamId, events: toNewEvents(outcome.value.events, command.metadata), expectedRevision: outcome.value.revision }]
        : [];
    });
    // By command: a conflict to decide again, or the error that failed the whole append.
    const failed = new Map<number, unknown>();
    try {
      const appended = appending.length > 0 ? await this.store.appendMany(appending) : [];
      appending.forEach(({ i }, k) => appended[k] instanceof WrongExpectedVersionError && failed.set(i, appended[k]));
    } catch (error) {
      appending.forEach(({ i }) => failed.set(i, error));
    }
    return Promise.allSettled(
      commands.map(async ({ streamId, command }, i) => {
        const failure = failed.get(i);
        if (failure instanceof WrongExpectedVersionError) return (await this.execute(streamId, decider, command, { awaitProjections: false })).events;
        if (failed.has(i)) throw failure;
        const outcome = decided[i];
        if (outcome.status === 'rejected') throw outcome.reason;
        return outcome.value.events;
      }),
    );
  }
}

/** Decided events as the store takes them: a fresh id each, the command's metadata. */
const toNewEvents = (events: DomainEvent[], metadata: CommandMetadata) =>
  events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data as Record<string, unknown>, metadata: { ...metadata, causationId: null } }));
