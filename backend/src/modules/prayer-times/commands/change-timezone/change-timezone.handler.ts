import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ChangeTimezone } from '../../../identity';
import { PrayerTaskSync } from '../prayer-task-sync';
import { commandOf } from '../../../../platform/commands/command';

/**
 * PATCH /api/user/timezone's use case: identity decides and records the new zone, then the user's
 * prayer tasks follow it at once (the pending ones move to the new zone's clock times, "today" is the
 * new zone's), as after PATCH /api/user/prayer-settings. For a user who never turned prayer tasks on,
 * the sync is one read. Lives here, not in identity: prayer-times depends on identity, never the reverse.
 */
export class UpdateTimezone extends commandOf<{ userId: string; timezone: string }>() {}

@CommandHandler(UpdateTimezone)
export class UpdateTimezoneHandler implements ICommandHandler<UpdateTimezone, void> {
  constructor(
    private readonly commands: CommandBus,
    private readonly prayerTasks: PrayerTaskSync,
  ) {}

  async execute({ userId, timezone, metadata }: UpdateTimezone): Promise<void> {
    await this.commands.execute(new ChangeTimezone({ userId, timezone, metadata }));
    await this.prayerTasks.sync(userId, metadata);
  }
}
