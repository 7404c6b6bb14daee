import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { deterministicId } from '../../../../platform/projections/deterministic-id';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { CARE_UPDATE_NOTIFICATION_EXCERPT, CARE_UPDATE_NOTIFICATION_TYPE } from '@carecircle/libs';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { CareUpdateEvent } from '../../../care-updates';
import type { TaskEvent } from '../../../scheduling';
import type { NotificationEvent } from '../../domain/notification';

export const URGENT_OVERDUE = 'urgent_overdue';


/**
 * In-app notifications. On TaskBecameUrgentOverdue (recorded once per task by the overdue worker)
 * every caregiver of the recipient gets one: the primary caregiver and everyone it is shared with.
 * The caregivers are projected here from care-recipient events, not read from another module's
 * tables, so the notifications of a rebuild are those of the live run. Ids come from the event id and
 * the user, which makes the insert idempotent.
 *
 * It also keeps which tasks were alerted (urgent_overdue_tasks), so the worker skips them.
 * An important care update (CareUpdatePosted, or the first CareUpdateEdited that turns the flag on)
 * notifies every caregiver of the recipient but its author (and the editor), once per update: the
 * notification's id comes from the update and the user. An edit refreshes the quoted text; a removal
 * takes the notifications back.
 *
 * Removing the recipient removes its notifications; revoking a caregiver's access removes theirs
 * about that recipient. Read state comes from NotificationRead.
 */
@Injectable()
@ReadModelProjection()
export class NotificationsProjection implements Projection<CareRecipientEvent | TaskEvent | NotificationEvent | CareUpdateEvent> {
  readonly name = 'notifications.in-app';
  readonly liveTopic = 'notifications';
  readonly handles = [
    'CareRecipientAdded',
    'CareRecipientUpdated',
    'CareRecipientRemoved',
    'CaregiverAccessGranted',
    'CaregiverAccessRevoked',
    'TaskBecameUrgentOverdue',
    'NotificationRead',
    'CareUpdatePosted',
    'CareUpdateEdited',
    'CareUpdateRemoved',
  ] as const;
  readonly tables = ['notifications', 'notification_children', 'notification_shares', 'urgent_overdue_tasks'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareRecipientEvent | TaskEvent | NotificationEvent | CareUpdateEvent>): Promise<void> {
    switch (event.type) {
      case 'CareRecipientAdded': {
        const { childId, firstName, primaryCaregiverId } = event.data;
        await em.execute(
          `INSERT INTO notification_children (child_id, first_name, primary_caregiver_id) VALUES (?, ?, ?)
           ON CONFLICT (child_id) DO UPDATE SET first_name = excluded.first_name, primary_caregiver_id = excluded.primary_caregiver_id`,
          [childId, firstName, primaryCaregiverId],
        );
        return;
      }
      case 'CareRecipientUpdated':
        if (event.data.firstName !== undefined) {
          await em.execute('UPDATE notification_children SET first_name = ? WHERE child_id = ?', [event.data.firstName, event.data.childId]);
        }
        return;
      case 'CareRecipientRemoved':
        for (const table of this.tables) await em.execute(`DELETE FROM ${table} WHERE child_id = ?`, [event.data.childId]);
        return;
      case 'CaregiverAccessGranted':
        await em.execute('INSERT INTO notification_shares (child_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [event.data.childId, event.data.userId]);
        return;
      case 'CaregiverAccessRevoked':
        await em.execute('DELETE FROM notification_shares WHERE child_id = ? AND user_id = ?', [event.data.childId, event.data.userId]);
        await em.execute('DELETE FROM notifications WHERE child_id = ? AND user_id = ?', [event.data.childId, event.data.userId]);
        return;
      case 'TaskBecameUrgentOverdue': {
        const { taskId, childId, name, scheduledTime, detectedAt } = event.data;
        await em.execute('INSERT INTO urgent_overdue_tasks (task_id, child_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [taskId, childId]);
        for (const { userId, firstName } of await this.caregiversOf(em, childId)) {
          await em.execute(
            `INSERT INTO notifications (id, user_id, child_id, task_id, type, title, message, is_read, sent_at, scheduled_for)
             VALUES (?, ?, ?, ?, ?, ?, ?, false, ?, ?) ON CONFLICT (id) DO NOTHING`,
            [
              deterministicId('notification', event.id, userId),
              userId,
              childId,
              taskId,
              URGENT_OVERDUE,
              `Urgent task overdue: ${name}`,
              `${firstName}'s urgent task "${name}" was due at ${event.data.localTime} and is not done yet.`,
              detectedAt,
              scheduledTime,
            ],
          );
        }
        return;
      }
      case 'NotificationRead':
        await em.execute('UPDATE notifications SET is_read = true WHERE id = ? AND user_id = ?', [event.data.notificationId, event.data.userId]);
        return;
      case 'CareUpdatePosted':
        if (event.data.important) await this.notifyCareUpdate(em, event.data, [event.data.authorId], event.data.postedAt);
        return;
      case 'CareUpdateEdited': {
        const { childId, updateId, text } = event.data;
        const ids = (await this.caregiversOf(em, childId)).map(({ userId }) => careUpdateNotificationId(updateId, userId));
        const told: unknown[] = ids.length > 0 ? await em.execute('UPDATE notifications SET message = ? WHERE id IN (?) RETURNING id', [excerpt(text), ids]) : [];
        // Announced once: only an edit that makes a not yet announced update important tells anyone.
        if (event.data.important && told.length === 0) await this.notifyCareUpdate(em, event.data, [event.data.authorId, event.data.editedBy], event.data.editedAt);
        return;
      }
      case 'CareUpdateRemoved': {
        const ids = (await this.caregiversOf(em, event.data.childId)).map(({ userId }) => careUpdateNotificationId(event.data.updateId, userId));
        if (ids.length > 0) await em.execute('DELETE FROM notifications WHERE id IN (?)', [ids]);
        return;
      }
      default:
        return;
    }
  }

  /** The recipient's caregivers as this projection knows them: the primary and everyone it is shared with. */
  private async caregiversOf(em: EntityManager, childId: string): Promise<{ userId: string; firstName: string }[]> {
    const rows: { user_id: string; first_name: string }[] = await em.execute(
      `SELECT primary_caregiver_id AS user_id, first_name FROM notification_children WHERE child_id = ?
       UNION SELECT s.user_id, c.first_name FROM notification_shares s JOIN notification_children c USING (child_id) WHERE s.child_id = ?`,
      [childId, childId],
    );
    return rows.map((row) => ({ userId: row.user_id, firstName: row.first_name }));
  }

  /** One notification per caregiver but `skip` (the author, the editor); a caregiver already told is not told again. */
  private async notifyCareUpdate(em: EntityManager, update: { childId: string; updateId: string; text: string }, skip: string[], sentAt: string): Promise<void> {
    for (const { userId, firstName } of await this.caregiversOf(em, update.childId)) {
      if (skip.includes(userId)) continue;
      await em.execute(
        `INSERT INTO notifications (id, user_id, child_id, task_id, type, title, message, is_read, sent_at, scheduled_for)
         VALUES (?, ?, ?, NULL, ?, ?, ?, false, ?, NULL) ON CONFLICT (id) DO NOTHING`,
        [careUpdateNotificationId(update.updateId, userId), userId, update.childId, CARE_UPDATE_NOTIFICATION_TYPE, `Important update about ${firstName}`, excerpt(update.text), sentAt],
      );
    }
  }
}

/** The same id for the same update and caregiver, so an edit or removal finds the notification. */
const careUpdateNotificationId = (updateId: string, userId: string) => deterministicId('notification', 'care-update', updateId, userId);

/** The start of an update's text, on one line, for the notification's message. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= CARE_UPDATE_NOTIFICATION_EXCERPT ? line : `${line.slice(0, CARE_UPDATE_NOTIFICATION_EXCERPT - 1).trimEnd()}…`;
}
