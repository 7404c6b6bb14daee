import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { SchedulingModule } from '../scheduling';
import { UpdatePrayerSettingsHandler } from './commands/change-prayer-settings/change-prayer-settings.handler';
import { ChangePrayerSettingsController } from './commands/change-prayer-settings/change-prayer-settings.http';
import { UpdateTimezoneHandler } from './commands/change-timezone/change-timezone.handler';
import { ChangeTimezoneController } from './commands/change-timezone/change-timezone.http';
import { PrayerTaskSync } from './commands/prayer-task-sync';
import { PrayerTimesController } from './prayer-times.http';
import { PRAYER_TASKS_QUEUE, PrayerTasksJob, PrayerTasksWorker } from './workers/prayer-tasks.job';

/**
 * Prayer times, computed on the server with adhan (no external service), and the prayer tasks they
 * make for users who turn them on (docs/prayer-tasks.md). Depends on identity (settings), care-recipients
 * (whose primary caregiver a user is) and scheduling (the tasks, through its ApplyTaskPlan); none of
 * them depends on this module.
 */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule, SchedulingModule, BullModule.registerQueue({ name: PRAYER_TASKS_QUEUE })],
  controllers: [PrayerTimesController, ChangePrayerSettingsController, ChangeTimezoneController],
  providers: [UpdatePrayerSettingsHandler, UpdateTimezoneHandler, PrayerTaskSync, PrayerTasksJob, PrayerTasksWorker],
  exports: [PrayerTasksJob],
})
export class PrayerTimesModule {}
