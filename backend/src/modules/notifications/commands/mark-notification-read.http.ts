import { Controller, NotFoundException, Param, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AppNotification, User } from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { CurrentUser } from '../../identity';
import { NotificationsQuery } from '../read-models/notifications/notifications.query';
import { ExecuteNotificationCommand } from './mark-notification-read.handler';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ApiTags('notifications')
@Controller('notifications')
export class MarkNotificationReadController {
  constructor(
    private readonly commands: CommandBus,
    private readonly notifications: NotificationsQuery,
  ) {}

  /** Marks one of the user's own notifications read (idempotent); anyone else's is a 404. */
  @Put(':id/read')
  async markRead(@CurrentUser() user: User, @Param('id') id: string, @Req() req: Request): Promise<AppNotification> {
    const notification = UUID.test(id) ? await this.notifications.byIdFor(user.id, id) : null;
    if (!notification) throw new NotFoundException('Notification not found');
    await this.commands.execute(
      new ExecuteNotificationCommand({ type: 'MarkNotificationRead', data: { notificationId: id, userId: user.id }, metadata: commandMetadata(req) }),
    );
    return (await this.notifications.byIdFor(user.id, id))!;
  }
}
