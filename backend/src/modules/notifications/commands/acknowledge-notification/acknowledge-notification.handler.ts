import { BadRequestException } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecordTaskAlert } from '../../../scheduling';
import { OwnNotifications } from '../own-notifications';
import { commandOf } from '../../../../platform/commands/command';

export const ONLY_TASK_ALERTS = 'Only alerts about a task can be acknowledged';

/** "I have seen it", about one of the user's own notifications. */
export class AcknowledgeNotification extends commandOf<{ notificationId: string; userId: string }>() {}

/**
 * Acknowledging is the task's event (TaskAlertAcknowledged, scheduling): the task's escalation
 * stops, and the task's History says who acknowledged. A notification about no task is a 400.
 */
@CommandHandler(AcknowledgeNotification)
export class AcknowledgeNotificationHandler implements ICommandHandler<AcknowledgeNotification> {
  constructor(
    private readonly own: OwnNotifications,
    private readonly commands: CommandBus,
  ) {}

  async execute({ notificationId, userId, metadata }: AcknowledgeNotification): Promise<void> {
    const notification = await this.own.get(userId, notificationId);
    if (!notification.taskId) throw new BadRequestException(ONLY_TASK_ALERTS);
    await this.commands.execute(new RecordTaskAlert(notification.taskId, { type: 'AcknowledgeTaskAlert', data: {}, metadata }));
  }
}
