/** Notifications' public surface: other modules use only what is exported here. */
import {
  NotificationChildEntity,
  NotificationEntity,
  NotificationShareEntity,
  UrgentOverdueTaskEntity,
} from './read-models/notifications/notifications.entity';

export { NotificationsModule } from './notifications.module';
export { UrgentOverdueJob } from './workers/urgent-overdue.job';
export const NotificationsEntities = [NotificationEntity, NotificationChildEntity, NotificationShareEntity, UrgentOverdueTaskEntity];
