import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AppNotification, User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { NotificationsQuery } from './notifications.query';

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsReadController {
  constructor(private readonly notifications: NotificationsQuery) {}

  /** The signed-in user's notifications, newest first (the dashboard's unread dot reads isRead). */
  @Get()
  list(@CurrentUser() user: User): Promise<AppNotification[]> {
    return this.notifications.listFor(user.id);
  }
}
