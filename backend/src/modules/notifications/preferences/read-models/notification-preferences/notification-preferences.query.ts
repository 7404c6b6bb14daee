import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@carecircle/libs';
import { NotificationPreferencesEntity } from './notification-preferences.entity';

/** A user's preferences as stored, or the defaults (all on, no quiet hours). Reminder workers call it too. */
@Injectable()
export class NotificationPreferencesQuery {
  constructor(private readonly em: EntityManager) {}

  async forUser(userId: string): Promise<NotificationPreferences> {
    return (await this.forUsers([userId])).get(userId)!;
  }

  /** Every one of `userIds`, in one query. */
  async forUsers(userIds: string[]): Promise<Map<string, NotificationPreferences>> {
    const rows = userIds.length > 0 ? await this.em.fork().find(NotificationPreferencesEntity, { userId: { $in: userIds } }) : [];
    const stored = new Map(rows.map((row) => [row.userId, toPreferences(row)]));
    return new Map(userIds.map((id) => [id, stored.get(id) ?? { ...DEFAULT_NOTIFICATION_PREFERENCES }]));
  }
}

function toPreferences({ emailOverdue, emailAchievements, pushReminders, quietHoursStart: start, quietHoursEnd: end }: NotificationPreferencesEntity): NotificationPreferences {
  return { emailOverdue, emailAchievements, pushReminders, quietHours: start !== null && end !== null ? { start, end } : null };
}
