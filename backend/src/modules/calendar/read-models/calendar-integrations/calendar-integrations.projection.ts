import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { GoogleCalendarEvent } from '../../domain/google-calendar';
import { CalendarIntegrationEntity } from './calendar-integrations.entity';

/**
 * calendar_integrations: connected, when last synced; `is_active` false once Google refused the stored
 * grant (the user must connect again, which makes it active); a disconnect or an erased account removes the row.
 */
@Injectable()
@ReadModelProjection()
export class CalendarIntegrationsProjection implements Projection<GoogleCalendarEvent | UserEvent> {
  readonly name = 'calendar.calendar-integrations';
  readonly handles = ['GoogleCalendarConnected', 'GoogleCalendarSynced', 'GoogleCalendarAccessRefused', 'GoogleCalendarDisconnected', 'UserErased'] as const;
  readonly tables = ['calendar_integrations'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<GoogleCalendarEvent | UserEvent>): Promise<void> {
    switch (event.type) {
      case 'GoogleCalendarConnected': {
        const { userId, googleCalendarId, connectedAt } = event.data;
        await em.upsert(CalendarIntegrationEntity, { userId, googleCalendarId, isActive: true, connectedAt: new Date(connectedAt), lastSyncAt: null });
        return;
      }
      case 'GoogleCalendarSynced':
        await em.nativeUpdate(CalendarIntegrationEntity, { userId: event.data.userId }, { lastSyncAt: new Date(event.data.syncedAt) });
        return;
      case 'GoogleCalendarAccessRefused':
        await em.nativeUpdate(CalendarIntegrationEntity, { userId: event.data.userId }, { isActive: false });
        return;
      case 'GoogleCalendarDisconnected':
      case 'UserErased':
        await em.nativeDelete(CalendarIntegrationEntity, { userId: event.data.userId });
        return;
    }
  }
}
