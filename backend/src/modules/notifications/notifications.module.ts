import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '../../config/app-config';
import { CareHubModule } from '../care-hub';
import { IdentityModule } from '../identity';
import { SchedulingModule } from '../scheduling';
import { AcknowledgeNotificationHandler } from './commands/acknowledge-notification/acknowledge-notification.handler';
import { AcknowledgeNotificationController } from './commands/acknowledge-notification/acknowledge-notification.http';
import { MarkAllNotificationsReadHandler } from './commands/mark-all-notifications-read/mark-all-notifications-read.handler';
import { MarkAllNotificationsReadController } from './commands/mark-all-notifications-read/mark-all-notifications-read.http';
import { MarkNotificationReadHandler } from './commands/mark-notification-read/mark-notification-read.handler';
import { MarkNotificationReadController } from './commands/mark-notification-read/mark-notification-read.http';
import { OwnNotifications } from './commands/own-notifications';
import { NotificationsReadController } from './read-models/notifications/notifications.http';
import { NotificationsProjection } from './read-models/notifications/notifications.projection';
import { NotificationsQuery } from './read-models/notifications/notifications.query';
import { NotificationSettingsModule } from './preferences';
import { ReminderTasksProjection } from './read-models/reminder-tasks/reminder-tasks.projection';
import { ReminderTasksQuery } from './read-models/reminder-tasks/reminder-tasks.query';
import { AlertSender } from './workers/alert-sender';
import { AlertSettings } from './workers/alert-settings';
import { LegacyReminderJobs } from './workers/legacy-reminder-jobs';
import { ReminderClaims } from './workers/reminder-claims';
import { ReminderJobs, REMINDERS_QUEUE } from './workers/reminder-jobs';
import { ReminderWorker } from './workers/reminders.worker';
import { ReminderSync, ReminderSyncTrigger } from './workers/reminder-sync';
import { AchievementAlerts, AchievementAlertsTrigger } from './workers/achievement-alerts';
import { PushModule } from './push';

/** In-app notifications, the reminder scheduler and its workers (claiming due reminder jobs on the worker role only). */
@Module({})
export class NotificationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const worker = config.roles.includes('worker');
    return {
      module: NotificationsModule,
      imports: [CqrsModule, SchedulingModule, IdentityModule, CareHubModule, NotificationSettingsModule, PushModule, BullModule.registerQueue({ name: REMINDERS_QUEUE })],
      controllers: [NotificationsReadController, MarkNotificationReadController, MarkAllNotificationsReadController, AcknowledgeNotificationController],
      providers: [
        NotificationsQuery,
        NotificationsProjection,
        OwnNotifications,
        MarkNotificationReadHandler,
        MarkAllNotificationsReadHandler,
        AcknowledgeNotificationHandler,
        ReminderTasksQuery,
        ReminderTasksProjection,
        ReminderJobs,
        AlertSettings,
        AlertSender,
        ReminderWorker,
        ReminderSync,
        AchievementAlerts,
        ...(worker ? [ReminderClaims, LegacyReminderJobs, ReminderSyncTrigger, AchievementAlertsTrigger] : []),
      ],
      exports: [ReminderWorker, ReminderSync, ReminderJobs, AchievementAlerts],
    };
  }
}
