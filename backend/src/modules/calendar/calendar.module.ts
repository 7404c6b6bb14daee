import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { SchedulingModule } from '../scheduling';
import { CalendarController } from './calendar.http';
import { CreateFeedLinkHandler } from './commands/create-feed-link/create-feed-link.handler';
import { CreateFeedLinkController } from './commands/create-feed-link/create-feed-link.http';
import { RevokeFeedLinkHandler } from './commands/revoke-feed-link/revoke-feed-link.handler';
import { RevokeFeedLinkController } from './commands/revoke-feed-link/revoke-feed-link.http';
import { CalendarFeedController } from './feed/calendar-feed.http';
import { CalendarFeedsProjection } from './read-models/calendar-feeds/calendar-feeds.projection';
import { CalendarFeedsQuery } from './read-models/calendar-feeds/calendar-feeds.query';
import { UpcomingAppointmentsController } from './upcoming/upcoming-appointments.http';

/**
 * External calendars (issue 24, docs/calendar.md): the iCal feed link, the Settings tab's upcoming
 * appointments, and the Google connection's status (connect and sync answer 503 until built).
 */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule, SchedulingModule],
  controllers: [CalendarController, CreateFeedLinkController, RevokeFeedLinkController, CalendarFeedController, UpcomingAppointmentsController],
  providers: [CalendarFeedsQuery, CalendarFeedsProjection, CreateFeedLinkHandler, RevokeFeedLinkHandler],
})
export class CalendarModule {}
