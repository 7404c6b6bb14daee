import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../event-store/event-store';

/**
 * A read model fed by events. `apply` runs inside the transaction that also stores the projection's
 * checkpoint, so a row change and the position it came from commit together. It must be idempotent:
 * the runner never hands over an event at or below the checkpoint, and handlers upsert or delete by
 * key, so a replay of the same event changes nothing.
 */
export interface Projection {
  /** Stable name, also the checkpoint key, e.g. 'care-recipients.children'. */
  readonly name: string;
  /** Event types this projection reacts to; others only advance its checkpoint. */
  readonly handles: readonly string[];
  /** Tables it owns: emptied by a rebuild before the replay. */
  readonly tables: readonly string[];
  /**
   * What open dashboards should refetch when this projection applies an event whose data names a
   * `childId` (live updates: GET /api/live sends `{childId, changed: [liveTopic, ...]}`). Defaults to
   * the part of `name` after the last dot ('scheduling.daily-progress' -> 'daily-progress').
   */
  readonly liveTopic?: string;
  apply(em: EntityManager, event: RecordedEvent): Promise<void>;
}

/** Marks a provider as a projection; the runner finds every marked provider of every module. */
export const ReadModelProjection = DiscoveryService.createDecorator<void>();
