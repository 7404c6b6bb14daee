import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store';
import type { RecordedEventOf } from '../../../platform/projections/projection';
import { careUpdateStreams, eventsOfUpdate, postedIn, type CareUpdateEvent } from '../domain/care-updates';
import { CareUpdatesQuery } from '../read-models/care-updates/care-updates.query';

type Recorded = RecordedEventOf<CareUpdateEvent>;

/**
 * Reads the bounded streams a request needs (careUpdateStreams), never a recipient's whole journal:
 * what a post is decided on, and an update's events, found through its row (author and post time
 * name its day stream).
 */
@Injectable()
export class CareUpdateStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly updates: CareUpdatesQuery,
  ) {}

  /** The author's posts about the recipient on the UTC day before `at` (at most perAuthorPerDay). */
  async dayBefore(childId: string, authorId: string, at: string): Promise<Recorded[]> {
    return this.read(careUpdateStreams.dayBefore(childId, authorId, at));
  }

  /**
   * The update's events before its own stream: its post, from its day stream; for one posted before
   * the day streams, its events in the legacy stream (its post, and edits and a removal made there).
   * [] for an unknown update.
   */
  async beforeOwnStream(updateId: string): Promise<Recorded[]> {
    const origin = await this.updates.origin(updateId);
    if (!origin) return [];
    const day = eventsOfUpdate(updateId, await this.read(careUpdateStreams.day(origin.childId, origin.authorId, origin.postedAt)));
    if (postedIn(updateId, day)) return day;
    return eventsOfUpdate(updateId, await this.read(careUpdateStreams.legacy(origin.childId)));
  }

  /** Every event of the update, in order: what came before its own stream, then its own stream. */
  async ofUpdate(updateId: string): Promise<Recorded[]> {
    const [before, own] = await Promise.all([this.beforeOwnStream(updateId), this.read(careUpdateStreams.update(updateId))]);
    return before.length === 0 ? [] : [...before, ...own];
  }

  private async read(streamId: string): Promise<Recorded[]> {
    return (await this.store.readStream(streamId)) as Recorded[];
  }
}
