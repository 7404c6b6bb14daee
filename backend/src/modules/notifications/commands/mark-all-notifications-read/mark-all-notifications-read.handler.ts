import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { notificationDecider, notificationInboxStream, type NotificationCommand } from '../../domain/notification';
import { NotificationsQuery } from '../../read-models/notifications/notifications.query';
import { commandOf } from '../../../../platform/commands/command';

/** Everything up to the user's newest notification becomes read; later ones stay unread. */
export class MarkAllNotificationsRead extends commandOf<{ userId: string }>() {}

/** "Newest" is read when the command is given; a user without notifications records nothing. */
@CommandHandler(MarkAllNotificationsRead)
export class MarkAllNotificationsReadHandler implements ICommandHandler<MarkAllNotificationsRead> {
  constructor(
    private readonly notifications: NotificationsQuery,
    private readonly streams: EventSourcedStreams,
  ) {}

  async execute({ userId, metadata }: MarkAllNotificationsRead): Promise<void> {
    const upTo = await this.notifications.newestSentAt(userId);
    if (upTo === null) return;
    const command: NotificationCommand = { type: 'MarkAllNotificationsRead', data: { userId, upTo }, metadata };
    await this.streams.execute(notificationInboxStream(userId), notificationDecider, command);
  }
}
