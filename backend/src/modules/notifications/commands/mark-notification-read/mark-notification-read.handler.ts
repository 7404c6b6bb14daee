import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { notificationDecider, notificationStream, type NotificationCommand } from '../../domain/notification';
import { OwnNotifications } from '../own-notifications';
import { commandOf } from '../../../../platform/commands/command';

/** One of the user's own notifications becomes read (again: nothing is recorded). */
export class MarkNotificationRead extends commandOf<{ notificationId: string; userId: string }>() {}

@CommandHandler(MarkNotificationRead)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationRead> {
  constructor(
    private readonly own: OwnNotifications,
    private readonly streams: EventSourcedStreams,
  ) {}

  async execute({ notificationId, userId, metadata }: MarkNotificationRead): Promise<void> {
    await this.own.get(userId, notificationId);
    const command: NotificationCommand = { type: 'MarkNotificationRead', data: { notificationId, userId }, metadata };
    await this.streams.execute(notificationStream(notificationId), notificationDecider, command);
  }
}
