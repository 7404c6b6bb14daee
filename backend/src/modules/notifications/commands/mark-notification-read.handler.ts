import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { notificationDecider, notificationInboxStream, notificationStream, type NotificationCommand } from '../domain/notification';

export class ExecuteNotificationCommand {
  constructor(readonly command: NotificationCommand) {}
}

@CommandHandler(ExecuteNotificationCommand)
export class NotificationCommandHandler implements ICommandHandler<ExecuteNotificationCommand> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ command }: ExecuteNotificationCommand): Promise<void> {
    const stream = command.type === 'MarkNotificationRead' ? notificationStream(command.data.notificationId) : notificationInboxStream(command.data.userId);
    await this.streams.execute(stream, notificationDecider, command);
  }
}
