import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { addDays, CALENDAR_FEED, CALENDAR_MESSAGES, type TaskCategory } from '@carecircle/libs';
import { APP_CONFIG, publicBaseUrl, type AppConfig } from '../../../config/app-config';
import { hashSecretToken } from '../../../platform/http/secret-token';
import { ChildrenQuery } from '../../care-recipients';
import { Public } from '../../identity';
import { DailyTasksQuery } from '../../scheduling';
import { feedTokenOfFile } from '../commands/feed-token';
import { CalendarFeedsQuery } from '../read-models/calendar-feeds/calendar-feeds.query';
import { icalFeed } from './ical-feed';

/**
 * GET /api/calendar/feed/{token}.ics, public by its secret (docs/calendar.md): the appointments of the
 * recipients the link's owner sees now, 30 days back to 180 ahead, and their medication times 7 days
 * back to 30 ahead when chosen; at most 2000 events. Unknown, stopped and malformed links: one 404.
 * Request logs redact the token (platform/http/log-redaction.ts).
 */
@ApiTags('calendar')
@Controller('calendar')
export class CalendarFeedController {
  constructor(
    private readonly feeds: CalendarFeedsQuery,
    private readonly children: ChildrenQuery,
    private readonly tasks: DailyTasksQuery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('feed/:file')
  async feed(@Param('file') file: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const token = feedTokenOfFile(file);
    const feed = token === null ? null : await this.feeds.byTokenHash(hashSecretToken(token));
    if (!feed) throw new NotFoundException(CALENDAR_MESSAGES.feedNotFound);
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const childIds = (await this.children.listFor(feed.userId)).map((c) => c.id);
    const window = (categories: TaskCategory[], back: number, ahead: number, limit: number) =>
      this.tasks.forCalendar(childIds, categories, addDays(today, -back), addDays(today, ahead), limit, now);
    const appointments = await window(['appointment'], CALENDAR_FEED.appointmentDaysBack, CALENDAR_FEED.appointmentDaysAhead, CALENDAR_FEED.maxEvents);
    const medications = feed.includeMedications
      ? await window(['medication'], CALENDAR_FEED.medicationDaysBack, CALENDAR_FEED.medicationDaysAhead, CALENDAR_FEED.maxEvents - appointments.length)
      : [];
    // Set here, not by decorator: a 404 stays JSON.
    res.set({ 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });
    return icalFeed([...appointments, ...medications], new URL(publicBaseUrl(this.config)).hostname);
  }
}
