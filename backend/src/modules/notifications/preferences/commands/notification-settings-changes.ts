import { Injectable } from '@nestjs/common';
import type { User } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { UsersQuery } from '../../../identity';
import { notificationSettingsStream } from '../domain/notification-settings';
import { notificationSettingsDecider, type NotificationSettingsCommand } from '../domain/notification-settings.decide';

/**
 * What both settings share: the actor is a user (read from the users read model, with their role),
 * and a change goes to their own stream, where the decider holds the rules (and waits for the
 * projections, so the answer read after it shows the change).
 */
@Injectable()
export class NotificationSettingsChanges {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly users: UsersQuery,
  ) {}

  async actor(metadata: CommandMetadata): Promise<User> {
    const user = metadata.actorId === null ? null : await this.users.byId(metadata.actorId);
    if (!user) throw new DomainError('NOTIFICATION_SETTINGS.NO_USER', 'forbidden', 'Sign in to change notification settings');
    return user;
  }

  async record(command: NotificationSettingsCommand): Promise<void> {
    await this.streams.execute(notificationSettingsStream(command.data.userId), notificationSettingsDecider, command);
  }
}
