import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { GoogleCalendarEvent } from '../../domain/google-calendar';
import { GoogleCalendarEventEntity } from './google-calendar-events.entity';

/**
 * google_calendar_events: the appointments a user's stream records as synced to their Google calendar,
 * with their recipient. A sync's deleted and forgotten ones leave; a disconnect (the stream starts a
 * fresh record) and an erased account remove the user's rows.
 */
@Injectable()
@ReadModelProjection()
export class GoogleCalendarEventsProjection implements Projection<GoogleCalendarEvent | UserEvent> {
  readonly name = 'calendar.google-calendar-events';
  readonly handles = ['GoogleCalendarSynced', 'GoogleCalendarDisconnected', 'UserErased'] as const;
  readonly tables = ['google_calendar_events'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<GoogleCalendarEvent | UserEvent>): Promise<void> {
    switch (event.type) {
      case 'GoogleCalendarSynced': {
        const { userId, upserted, deleted, forgotten } = event.data;
        if (upserted.length > 0) {
          await em.upsertMany(
            GoogleCalendarEventEntity,
            upserted.map(({ taskId, childId }) => ({ userId, taskId, childId: childId ?? null })),
          );
        }
        const gone = [...deleted, ...forgotten];
        if (gone.length > 0) await em.nativeDelete(GoogleCalendarEventEntity, { userId, taskId: { $in: gone } });
        return;
      }
      case 'GoogleCalendarDisconnected':
      case 'UserErased':
        await em.nativeDelete(GoogleCalendarEventEntity, { userId: event.data.userId });
        return;
    }
  }
}
