import { BadRequestException, Controller, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { CurrentUser } from '../../identity';
import { RecordTaskAlert } from '../../scheduling';
import { NotificationsQuery } from '../read-models/notifications/notifications.query';
import { ExecuteNotificationCommand } from './mark-notification-read.handler';

const notFound = () => new NotFoundException('Notification not found');
const notificationId = new ParseUUIDPipe({ exceptionFactory: notFound });
export const ONLY_TASK_ALERTS = 'Only alerts about a task can be acknowledged';

/** Reading and acknowledging one's own notifications; anyone else's is a 404. */
@ApiTags('notifications')
@Controller('notifications')
export class MarkNotificationReadController {
  constructor(
    private readonly commands: CommandBus,
    private readonly notifications: NotificationsQuery,
  ) {}

  /** Marks one notification read (idempotent). */
  @Post(':id/read')
  @HttpCode(204)
  async read(@CurrentUser() user: User, @Param('id', notificationId) id: string, @Req() req: Request): Promise<void> {
    if (!(await this.notifications.byIdFor(user.id, id))) throw notFound();
    await this.commands.execute(
      new ExecuteNotificationCommand({ type: 'MarkNotificationRead', data: { notificationId: id, userId: user.id }, metadata: commandMetadata(req) }),
    );
  }

  /** Everything up to the newest notification becomes read; later ones stay unread. */
  @Post('read-all')
  @HttpCode(204)
  async readAll(@CurrentUser() user: User, @Req() req: Request): Promise<void> {
    const upTo = await this.notifications.newestSentAt(user.id);
    if (upTo === null) return;
    await this.commands.execute(new ExecuteNotificationCommand({ type: 'MarkAllNotificationsRead', data: { userId: user.id, upTo }, metadata: commandMetadata(req) }));
  }

  /** "I have seen it": the task's escalation stops, and the task's History says who acknowledged. */
  @Post(':id/acknowledge')
  @HttpCode(204)
  async acknowledge(@CurrentUser() user: User, @Param('id', notificationId) id: string, @Req() req: Request): Promise<void> {
    const notification = await this.notifications.byIdFor(user.id, id);
    if (!notification) throw notFound();
    if (!notification.taskId) throw new BadRequestException(ONLY_TASK_ALERTS);
    await this.commands.execute(new RecordTaskAlert(notification.taskId, { type: 'AcknowledgeTaskAlert', data: {}, metadata: commandMetadata(req) }));
  }
}
