import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { userStream } from '../../domain/user';
import { userDecider, type PrayerSettingsInput } from '../../domain/user.decide';
import { commandOf } from '../../../../platform/commands/command';

/** The user's prayer settings (HTTP: prayer-times' PATCH /api/user/prayer-settings, which also brings the prayer tasks in line). */
export class ChangePrayerSettings extends commandOf<{ userId: string; settings: PrayerSettingsInput }>() {}

@CommandHandler(ChangePrayerSettings)
export class ChangePrayerSettingsHandler implements ICommandHandler<ChangePrayerSettings> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, settings, metadata }: ChangePrayerSettings): Promise<void> {
    await this.streams.execute(userStream(userId), userDecider, { type: 'ChangePrayerSettings', data: settings, metadata });
  }
}
