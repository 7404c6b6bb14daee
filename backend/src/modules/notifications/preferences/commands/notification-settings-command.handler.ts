import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { UsersQuery } from '../../../identity';
import { notificationSettingsStream } from '../domain/notification-settings';
import { notificationSettingsDecider } from '../domain/notification-settings.decide';

/** A PUT as it arrives: which setting, the body as sent, and who sends it (metadata.actorId). */
export interface NotificationSettingsRequest {
  type: 'ChangeNotificationPreferences' | 'ChangeEscalationPolicy';
  input: unknown;
  metadata: CommandMetadata;
}

export class ExecuteNotificationSettingsCommand {
  constructor(readonly request: NotificationSettingsRequest) {}
}

/**
 * Settings are the actor's own stream. Whether they are a primary caregiver (anyone who is not a
 * secondary caregiver: the escalation policy is theirs to set) is read from the users read model.
 */
@CommandHandler(ExecuteNotificationSettingsCommand)
export class NotificationSettingsCommandHandler implements ICommandHandler<ExecuteNotificationSettingsCommand> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly users: UsersQuery,
  ) {}

  async execute({ request }: ExecuteNotificationSettingsCommand): Promise<void> {
    const { type, input, metadata } = request;
    const user = metadata.actorId === null ? null : await this.users.byId(metadata.actorId);
    if (!user) throw new DomainError('NOTIFICATION_SETTINGS.NO_USER', 'forbidden', 'Sign in to change notification settings');
    const stream = notificationSettingsStream(user.id);
    if (type === 'ChangeNotificationPreferences') {
      await this.streams.execute(stream, notificationSettingsDecider, { type, data: { userId: user.id, input }, metadata });
    } else {
      const actorIsPrimary = user.role !== 'secondary_caregiver';
      await this.streams.execute(stream, notificationSettingsDecider, { type, data: { userId: user.id, input, actorIsPrimary }, metadata });
    }
  }
}
