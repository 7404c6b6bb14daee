import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AppNotification, User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { NotificationsQuery } from './notifications.query';

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsReadController {
  constructor(private readonly notifications: NotificationsQuery) {}

  /** The signed-in user's notifications, newest first; `?unread=true` for the unread ones only. */
  @Get()
  @ApiQuery({ name: 'unread', required: false, enum: ['true', 'false'] })
  list(@CurrentUser() user: User, @Query('unread') unread: unknown): Promise<AppNotification[]> {
    if (unread !== undefined && unread !== 'true' && unread !== 'false') throw new BadRequestException('unread must be true or false');
    return this.notifications.listFor(user.id, { unread: unread === 'true' });
  }
}
