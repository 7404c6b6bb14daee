import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AppNotification, Page, User } from '@carecircle/libs';
import { ApiPageQuery, decodeCursor, pageLimit, timeAndId } from '../../../../platform/http/page';
import { CurrentUser } from '../../../identity';
import { NotificationsQuery } from './notifications.query';

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsReadController {
  constructor(private readonly notifications: NotificationsQuery) {}

  /** The signed-in user's notifications, newest first, a page at a time; `?unread=true` for the unread ones only. */
  @Get()
  @ApiQuery({ name: 'unread', required: false, enum: ['true', 'false'] })
  @ApiPageQuery()
  list(@CurrentUser() user: User, @Query('unread') unread: unknown, @Query('cursor') cursor: unknown, @Query('limit') limit: unknown): Promise<Page<AppNotification>> {
    if (unread !== undefined && unread !== 'true' && unread !== 'false') throw new BadRequestException('unread must be true or false');
    return this.notifications.pageFor(user.id, { unread: unread === 'true', after: decodeCursor(cursor, timeAndId), limit: pageLimit(limit) });
  }
}
