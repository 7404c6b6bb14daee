import { Controller, NotFoundException, Param, ParseUUIDPipe, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AppNotification, User } from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { CurrentUser } from '../../identity';
import { NotificationsQuery } from '../read-models/notifications/notifications.query';
import { ExecuteNotificationCommand } from './mark-notification-read.handler';

const notFound = () => new NotFoundException('Notification not found');

@ApiTags('notifications')
@Controller('notifications')
export class MarkNotificationReadController {
  constructor(
    private readonly commands: CommandBus,
    private readonly notifications: NotificationsQuery,
  ) {}

  /** Marks one of the user's own notifications read (idempotent); anyone else's is a 404. */
  @Put(':id/read')
  async markRead(
    @CurrentUser() user: User,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: notFound })) id: string,
    @Req() req: Request,
  ): Promise<AppNotification> {
    if (!(await this.notifications.byIdFor(user.id, id))) throw notFound();
    await this.commands.execute(
      new ExecuteNotificationCommand({ type: 'MarkNotificationRead', data: { notificationId: id, userId: user.id }, metadata: commandMetadata(req) }),
    );
    return (await this.notifications.byIdFor(user.id, id))!;
  }
}
