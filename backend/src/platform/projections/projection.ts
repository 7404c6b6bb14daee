import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent } from '../commands/decider';
import type { RecordedEvent } from '../event-store/event-store';

/**
 * One of the events of the union E as the store hands it over: each member keeps its own type and
 * data, so a `switch (event.type)` narrows `event.data` without a cast.
 */
export type RecordedEventOf<E extends DomainEvent> = E extends DomainEvent ? RecordedEvent<E['type'], E['data']> : never;

/**
 * A read model fed by events. `apply` runs inside the transaction that also stores the projection's
 * checkpoint, so a row change and the position it came from commit together. It must be idempotent:
 * the runner never hands over an event at or below the checkpoint, and handlers upsert or delete by
 * key, so a replay of the same event changes nothing.
 *
 * E is the union of the events it is typed over, imported from the modules that own them (their
 * index.ts); the runner hands over only the types listed in `handles`.
 */
export interface Projection<E extends DomainEvent = DomainEvent> {
  /** Stable name, also the checkpoint key, e.g. 'care-recipients.children'. */
  readonly name: string;
  /** Event types this projection reacts to; others only advance its checkpoint. */
  readonly handles: readonly E['type'][];
  /** Tables it owns: emptied by a rebuild before the replay. */
  readonly tables: readonly string[];
  /**
   * What open dashboards should refetch when this projection applies an event whose data names a
   * `childId` (live updates: GET /api/live sends `{childId, changed: [liveTopic, ...]}`). Defaults to
   * the part of `name` after the last dot ('scheduling.daily-progress' -> 'daily-progress').
   */
  readonly liveTopic?: string;
  /**
   * False for a projection nobody reads back right after a command (a scheduler of background jobs):
   * commands do not wait for it (DESIGN.md, read-your-writes: a command waits only for what it needs).
   */
  readonly awaitedByCommands?: false;
  apply(em: EntityManager, event: RecordedEventOf<E>): Promise<void>;
  /**
   * Applies, in order, several events it handles, set-based (rows gathered in memory, written in a few
   * multi-row statements), and must leave exactly the rows that `apply` one event at a time leaves
   * (rebuild.e2e compares them). A rebuild hands it each read batch; a live projector hands it a batch
   * of more than one event (what gathered while it applied the last one, so under load). Without it
   * both call `apply` per event.
   */
  applyBatch?(em: EntityManager, events: RecordedEventOf<E>[]): Promise<void>;
}

/** Marks a provider as a projection; the runner finds every marked provider of every module. */
export const ReadModelProjection = DiscoveryService.createDecorator<void>();
