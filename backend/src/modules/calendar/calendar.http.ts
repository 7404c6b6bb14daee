import { Controller, Get, HttpCode, Inject, Post, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CALENDAR_MESSAGES, type CalendarStatus, type User } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CurrentUser } from '../identity';
import { CalendarFeedsQuery } from './read-models/calendar-feeds/calendar-feeds.query';

/**
 * The external calendar (spec document 2, section 7; DESIGN.md). The Google Calendar connection is not
 * built yet: status says so, and connect and sync answer 503 with the reason instead of a 404. The
 * iCal feed's secret URL is shown only when made, so status says whether one exists (`feed`).
 */
@ApiTags('calendar')
@Controller('calendar')
export class CalendarController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly feeds: CalendarFeedsQuery,
  ) {}

  @Get('status')
  async status(@CurrentUser() user: User): Promise<CalendarStatus> {
    return {
      google: { configured: this.config.google !== null, available: false, connected: false, lastSyncAt: null },
      feedUrl: null,
      feed: await this.feeds.forUser(user.id),
    };
  }

  @Get('auth')
  auth(): never {
    throw this.unavailable();
  }

  @Post('sync')
  @HttpCode(200)
  sync(): never {
    throw this.unavailable();
  }

  private unavailable(): ServiceUnavailableException {
    return new ServiceUnavailableException(this.config.google ? CALENDAR_MESSAGES.notAvailableYet : CALENDAR_MESSAGES.notConfigured);
  }
}
