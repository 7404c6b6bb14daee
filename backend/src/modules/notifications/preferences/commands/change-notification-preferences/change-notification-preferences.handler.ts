import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NotificationPreferences } from '@carecircle/libs';
import { NotificationPreferencesQuery } from '../../read-models/notification-preferences/notification-preferences.query';
import { NotificationSettingsChanges } from '../notification-settings-changes';
import { commandOf } from '../../../../../platform/commands/command';

/** The actor's own preferences, replaced whole; `input` is the body as sent (the decider reads it). Answers them as stored. */
export class ChangeNotificationPreferences extends commandOf<{ input: unknown }, NotificationPreferences>() {}

/** Every user sets their own, secondary caregivers too. */
@CommandHandler(ChangeNotificationPreferences)
export class ChangeNotificationPreferencesHandler implements ICommandHandler<ChangeNotificationPreferences> {
  constructor(
    private readonly changes: NotificationSettingsChanges,
    private readonly preferences: NotificationPreferencesQuery,
  ) {}

  async execute({ input, metadata }: ChangeNotificationPreferences): Promise<NotificationPreferences> {
    const user = await this.changes.actor(metadata);
    await this.changes.record({ type: 'ChangeNotificationPreferences', data: { userId: user.id, input }, metadata });
    return this.preferences.forUser(user.id);
  }
}
