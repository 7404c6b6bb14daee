import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CalendarSyncResult, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { SyncGoogleCalendar } from './sync-google-calendar.handler';

@ApiTags('calendar')
@Controller('calendar')
export class SyncGoogleCalendarController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 `{created, updated, deleted, lastSyncAt}`; 503 when GOOGLE_* is unset, 409 not connected, 502 when Google fails. */
  @Post('sync')
  @HttpCode(200)
  async sync(@CurrentUser() user: User, @Req() req: Request): Promise<CalendarSyncResult> {
    const { created, updated, deleted, lastSyncAt } = await this.commands.execute(new SyncGoogleCalendar({ userId: user.id, metadata: commandMetadata(req) }));
    return { created, updated, deleted, lastSyncAt };
  }
}
