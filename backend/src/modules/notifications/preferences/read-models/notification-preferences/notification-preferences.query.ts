import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@carecircle/libs';
import { NotificationPreferencesEntity } from './notification-preferences.entity';

/** A user's preferences as stored, or the defaults (all on, no quiet hours). Reminder workers call it too. */
@Injectable()
export class NotificationPreferencesQuery {
  constructor(private readonly em: EntityManager) {}

  async forUser(userId: string): Promise<NotificationPreferences> {
    const row = await this.em.fork().findOne(NotificationPreferencesEntity, { userId });
    if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
    const { emailOverdue, emailAchievements, pushReminders, quietHoursStart: start, quietHoursEnd: end } = row;
    return { emailOverdue, emailAchievements, pushReminders, quietHours: start !== null && end !== null ? { start, end } : null };
  }
}
