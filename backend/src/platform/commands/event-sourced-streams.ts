import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_STORE,
  WrongExpectedVersionError,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
} from '../event-store/event-store';
import { ProjectionRunner } from '../projections/projection-runner';
import type { CommandMetadata, Decider, DomainEvent } from './decider';
import { DomainError } from './domain-error';

/** Concurrent writers to one stream: re-read and decide again this many times before giving up. */
const MAX_ATTEMPTS = 5;

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
    const events = await this.store.readStream(streamId);
    const state = events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initialState());
    return { state, revision: events.length === 0 ? 'no_stream' : events[events.length - 1].revision, events };
  }

  async execute<Command extends { metadata: CommandMetadata }, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
  ): Promise<{ events: Event[]; state: State }> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(streamId, decider);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, state };
      try {
        const appended = await this.store.append(
          streamId,
          events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: { ...command.metadata, causationId: null } })),
          revision,
        );
        await this.projections.waitFor(appended.position);
        return { events, state: events.reduce(decider.evolve, state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          throw new DomainError('PLATFORM.CONCURRENT_CHANGE', 'conflict', 'Someone else changed this at the same moment. Please try again.');
        }
      }
    }
  }
}
