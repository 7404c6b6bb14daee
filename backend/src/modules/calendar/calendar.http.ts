import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CalendarStatus, User } from '@carecircle/libs';
import { CurrentUser } from '../identity';
import { GoogleCalendarGateway } from './google/google-calendar.gateway';
import { CalendarFeedsQuery } from './read-models/calendar-feeds/calendar-feeds.query';
import { CalendarIntegrationsQuery } from './read-models/calendar-integrations/calendar-integrations.query';

/**
 * GET /api/calendar/status (DESIGN.md): whether Google Calendar can be connected on this server
 * (GOOGLE_* set) and is, when it last synced, and whether an iCal feed link exists. The feed's secret
 * URL is shown only when made, so `feedUrl` is null here and `feed` says what there is.
 */
@ApiTags('calendar')
@Controller('calendar')
export class CalendarController {
  constructor(
    private readonly google: GoogleCalendarGateway,
    private readonly feeds: CalendarFeedsQuery,
    private readonly integrations: CalendarIntegrationsQuery,
  ) {}

  @Get('status')
  async status(@CurrentUser() user: User): Promise<CalendarStatus> {
    const [feed, integration] = await Promise.all([this.feeds.forUser(user.id), this.integrations.forUser(user.id)]);
    const configured = this.google.configured;
    return {
      google: {
        configured,
        available: configured,
        connected: configured && integration.connected,
        needsReconnect: configured && integration.needsReconnect,
        lastSyncAt: integration.lastSyncAt,
      },
      feedUrl: null,
      feed,
    };
  }
}
