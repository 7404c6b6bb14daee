/** Notifications' public surface: other modules use only what is exported here. */
import { NotificationChildEntity, NotificationEntity, NotificationShareEntity } from './read-models/notifications/notifications.entity';
import { ReminderTaskEntity } from './read-models/reminder-tasks/reminder-tasks.entity';
import { NotificationSettingsEntities } from './preferences';
import { PushEntities } from './push';

export { NotificationsModule } from './notifications.module';
export { ReminderWorker } from './workers/reminders.worker';
export { AchievementAlerts } from './workers/achievement-alerts';
export const NotificationsEntities = [NotificationEntity, NotificationChildEntity, NotificationShareEntity, ReminderTaskEntity, ...NotificationSettingsEntities, ...PushEntities];
