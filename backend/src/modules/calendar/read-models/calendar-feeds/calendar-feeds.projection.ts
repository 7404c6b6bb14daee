import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { CalendarFeedEvent } from '../../domain/calendar-feed';
import { CalendarFeedEntity } from './calendar-feeds.entity';

/** calendar_feeds: a new link replaces the row (the old hash is gone, so its URL stops working). */
@Injectable()
@ReadModelProjection()
export class CalendarFeedsProjection implements Projection<CalendarFeedEvent | UserEvent> {
  readonly name = 'calendar.calendar-feeds';
  readonly handles = ['CalendarFeedLinkCreated', 'CalendarFeedLinkRevoked', 'UserErased'] as const;
  readonly tables = ['calendar_feeds'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CalendarFeedEvent | UserEvent>): Promise<void> {
    switch (event.type) {
      case 'CalendarFeedLinkCreated': {
        const { userId, tokenHash, includeMedications, createdAt } = event.data;
        await em.upsert(CalendarFeedEntity, { userId, tokenHash, includeMedications, createdAt: new Date(createdAt) });
        return;
      }
      case 'CalendarFeedLinkRevoked':
      case 'UserErased':
        await em.nativeDelete(CalendarFeedEntity, { userId: event.data.userId });
        return;
    }
  }
}
