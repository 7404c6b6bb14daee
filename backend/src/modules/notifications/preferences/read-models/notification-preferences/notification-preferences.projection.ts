import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../../platform/projections/projection';
import type { UserEvent } from '../../../../identity';
import type { NotificationSettingsEvent } from '../../domain/notification-settings';
import { NotificationPreferencesEntity } from './notification-preferences.entity';

/** One row per user who changed their preferences; an erased account takes its row with it. */
@Injectable()
@ReadModelProjection()
export class NotificationPreferencesProjection implements Projection<NotificationSettingsEvent | UserEvent> {
  readonly name = 'notifications.notification-preferences';
  readonly handles = ['NotificationPreferencesChanged', 'UserErased'] as const;
  readonly tables = ['notification_preferences'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<NotificationSettingsEvent | UserEvent>): Promise<void> {
    switch (event.type) {
      case 'NotificationPreferencesChanged': {
        const { userId, preferences, changedAt } = event.data;
        const { emailOverdue, emailAchievements, pushReminders, quietHours } = preferences;
        await em.upsert(NotificationPreferencesEntity, {
          userId,
          emailOverdue,
          emailAchievements,
          pushReminders,
          quietHoursStart: quietHours?.start ?? null,
          quietHoursEnd: quietHours?.end ?? null,
          changedAt: new Date(changedAt),
        });
        return;
      }
      case 'UserErased':
        await em.nativeDelete(NotificationPreferencesEntity, { userId: event.data.userId });
        return;
    }
  }
}
