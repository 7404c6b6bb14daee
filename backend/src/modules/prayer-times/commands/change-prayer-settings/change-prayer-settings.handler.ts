import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ChangePrayerSettings, type PrayerSettingsInput } from '../../../identity';
import { PrayerTaskSync } from '../prayer-task-sync';
import { commandOf } from '../../../../platform/commands/command';

/**
 * PATCH /api/user/prayer-settings's use case: the user's settings change (identity decides and
 * records it), then their prayer tasks follow at once: turned on, today's remaining prayers appear;
 * turned off, the pending ones still ahead are removed; a new method or location moves them. An
 * unchanged setting records nothing, and the tasks are still brought in line (that heals a sync a
 * crash cut short). Lives here, not in identity: prayer-times depends on identity and scheduling,
 * never the reverse.
 */
export class UpdatePrayerSettings extends commandOf<{ userId: string; settings: PrayerSettingsInput }>() {}

@CommandHandler(UpdatePrayerSettings)
export class UpdatePrayerSettingsHandler implements ICommandHandler<UpdatePrayerSettings, void> {
  constructor(
    private readonly commands: CommandBus,
    private readonly prayerTasks: PrayerTaskSync,
  ) {}

  async execute({ userId, settings, metadata }: UpdatePrayerSettings): Promise<void> {
    await this.commands.execute(new ChangePrayerSettings({ userId, settings, metadata }));
    await this.prayerTasks.sync(userId, metadata);
  }
}
