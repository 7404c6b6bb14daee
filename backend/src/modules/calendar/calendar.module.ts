import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../platform/privacy/personal-data';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { SchedulingModule } from '../scheduling';
import { CalendarController } from './calendar.http';
import { calendarPersonalData } from './calendar.personal-data';
import { ConnectGoogleCalendarHandler } from './commands/connect-google/connect-google.handler';
import { ConnectGoogleController } from './commands/connect-google/connect-google.http';
import { CreateFeedLinkHandler } from './commands/create-feed-link/create-feed-link.handler';
import { CreateFeedLinkController } from './commands/create-feed-link/create-feed-link.http';
import { DisconnectGoogleCalendarHandler } from './commands/disconnect-google/disconnect-google.handler';
import { DisconnectGoogleController } from './commands/disconnect-google/disconnect-google.http';
import { RevokeFeedLinkHandler } from './commands/revoke-feed-link/revoke-feed-link.handler';
import { RevokeFeedLinkController } from './commands/revoke-feed-link/revoke-feed-link.http';
import { SyncGoogleCalendarHandler } from './commands/sync-google-calendar/sync-google-calendar.handler';
import { SyncGoogleCalendarController } from './commands/sync-google-calendar/sync-google-calendar.http';
import { CalendarFeedController } from './feed/calendar-feed.http';
import { GoogleCalendarGateway } from './google/google-calendar.gateway';
import { CalendarFeedsProjection } from './read-models/calendar-feeds/calendar-feeds.projection';
import { CalendarFeedsQuery } from './read-models/calendar-feeds/calendar-feeds.query';
import { CalendarIntegrationsProjection } from './read-models/calendar-integrations/calendar-integrations.projection';
import { CalendarIntegrationsQuery } from './read-models/calendar-integrations/calendar-integrations.query';
import { GoogleCalendarEventsProjection } from './read-models/google-calendar-events/google-calendar-events.projection';
import { GoogleCalendarEventsQuery } from './read-models/google-calendar-events/google-calendar-events.query';
import { UpcomingAppointmentsController } from './upcoming/upcoming-appointments.http';
import { GOOGLE_CALENDAR_SYNC_QUEUE, GoogleCalendarSyncWorker } from './workers/google-calendar-sync.job';

/**
 * External calendars (issue 24, docs/calendar.md): the iCal feed link, Google Calendar (connect,
 * sync, disconnect, background sync on the worker role) and the Settings tab's upcoming appointments.
 */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule, SchedulingModule, BullModule.registerQueue({ name: GOOGLE_CALENDAR_SYNC_QUEUE })],
  controllers: [
    CalendarController,
    ConnectGoogleController,
    SyncGoogleCalendarController,
    DisconnectGoogleController,
    CreateFeedLinkController,
    RevokeFeedLinkController,
    CalendarFeedController,
    UpcomingAppointmentsController,
  ],
  providers: [
    GoogleCalendarGateway,
    CalendarFeedsQuery,
    CalendarFeedsProjection,
    CalendarIntegrationsQuery,
    CalendarIntegrationsProjection,
    GoogleCalendarEventsQuery,
    GoogleCalendarEventsProjection,
    CreateFeedLinkHandler,
    RevokeFeedLinkHandler,
    ConnectGoogleCalendarHandler,
    SyncGoogleCalendarHandler,
    DisconnectGoogleCalendarHandler,
    GoogleCalendarSyncWorker,
  ],
})
export class CalendarModule {
  constructor(personalData: PersonalData) {
    personalData.declare(calendarPersonalData);
  }
}
