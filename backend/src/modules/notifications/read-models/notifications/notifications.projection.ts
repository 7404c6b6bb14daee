import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { deterministicId } from '../../../../platform/projections/deterministic-id';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { CARE_UPDATE_NOTIFICATION_EXCERPT, CARE_UPDATE_NOTIFICATION_TYPE, formatStock, type NotificationType } from '@carecircle/libs';
import { escalationText, reminderText, type AlertText } from '../../domain/alert-texts';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { CareUpdateEvent } from '../../../care-updates';
import type { TaskEvent } from '../../../scheduling';
import type { NotificationEvent } from '../../domain/notification';

export const URGENT_OVERDUE = 'urgent_overdue';
export const REFILL_REMINDER: NotificationType = 'refill_reminder';

/** The in-app notification an event made for a user (the refill push sends its text). */
export const eventNotificationId = (eventId: string, userId: string) => deterministicId('notification', eventId, userId);


/**
 * In-app notifications. A reminder (TaskReminderSent) or an escalation step (TaskEscalationStepReached)
 * lists who was alerted by which channels: each caregiver alerted 'in_app' gets one. The older
 * TaskBecameUrgentOverdue (the former overdue scan) told every caregiver of the recipient. Ids come
 * from the event id and the user, which makes the insert idempotent. TaskAlertAcknowledged marks the
 * acknowledging caregiver's notifications about that task acknowledged (and read).
 *
 * The caregivers (and who may edit, for the reminder workers) are projected here from care-recipient
 * events, not read from another module's tables, so the notifications of a rebuild are those of the
 * live run.
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
    'TaskReminderSent',
    'TaskEscalationStepReached',
    'TaskAlertAcknowledged',
    'NotificationRead',
    'AllNotificationsRead',
    'CareUpdatePosted',
    'CareUpdateEdited',
    'CareUpdateRemoved',
    'MedicationStockLow',
  ] as const;
  readonly tables = ['notifications', 'notification_children', 'notification_shares'] as const;

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
        await em.execute(
          'INSERT INTO notification_shares (child_id, user_id, can_edit) VALUES (?, ?, ?) ON CONFLICT (child_id, user_id) DO UPDATE SET can_edit = excluded.can_edit',
          [event.data.childId, event.data.userId, event.data.canEdit],
        );
        return;
      case 'CaregiverAccessRevoked':
        await em.execute('DELETE FROM notification_shares WHERE child_id = ? AND user_id = ?', [event.data.childId, event.data.userId]);
        await em.execute('DELETE FROM notifications WHERE child_id = ? AND user_id = ?', [event.data.childId, event.data.userId]);
        return;
      case 'TaskBecameUrgentOverdue': {
        const { taskId, childId, name, scheduledTime, detectedAt } = event.data;
        for (const { userId, firstName } of await this.caregiversOf(em, childId)) {
          await insertNotification(em, { id: deterministicId('notification', event.id, userId), userId, childId, taskId, type: URGENT_OVERDUE, sentAt: detectedAt, scheduledFor: scheduledTime,
            title: `Urgent task overdue: ${name}`,
            message: `${firstName}'s urgent task "${name}" was due at ${event.data.localTime} and is not done yet.`,
          });
        }
        return;
      }
      case 'TaskReminderSent':
      case 'TaskEscalationStepReached':
        await this.notifyAlerted(em, event);
        return;
      case 'TaskAlertAcknowledged': {
        const { taskId, acknowledgedBy, acknowledgedAt } = event.data;
        await em.execute('UPDATE notifications SET acknowledged_at = coalesce(acknowledged_at, ?), is_read = true WHERE task_id = ? AND user_id = ?', [acknowledgedAt, taskId, acknowledgedBy]);
        return;
      }
      case 'AllNotificationsRead':
        await em.execute('UPDATE notifications SET is_read = true WHERE user_id = ? AND sent_at <= ?', [event.data.userId, event.data.upTo]);
        return;
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
      case 'MedicationStockLow':
        await this.notifyRefill(em, event.id, event.data);
        return;
      default:
        return;
    }
  }

  /**
   * Several events at once (a burst of reminders recorded together): each run of consecutive alerts
   * (TaskReminderSent, TaskEscalationStepReached) makes its rows in one statement, with one read of
   * their recipients' names; every other event is applied as apply() does, in order. The rows are
   * those apply() makes one event at a time.
   */
  async applyBatch(em: EntityManager, events: RecordedEventOf<CareRecipientEvent | TaskEvent | NotificationEvent | CareUpdateEvent>[]): Promise<void> {
    let alerts: AlertEvent[] = [];
    for (const event of events) {
      if (event.type === 'TaskReminderSent' || event.type === 'TaskEscalationStepReached') {
        alerts.push(event);
        continue;
      }
      await this.notifyAlertedMany(em, alerts);
      alerts = [];
      await this.apply(em, event);
    }
    await this.notifyAlertedMany(em, alerts);
  }

  /** One notification for each caregiver an alert went to 'in_app' (emergency contacts have no account). */
  private async notifyAlerted(em: EntityManager, event: AlertEvent): Promise<void> {
    await this.notifyAlertedMany(em, [event]);
  }

  private async notifyAlertedMany(em: EntityManager, events: AlertEvent[]): Promise<void> {
    if (events.length === 0) return;
    const children: { child_id: string; first_name: string }[] = await em.execute(
      'SELECT child_id, first_name FROM notification_children WHERE child_id IN (SELECT jsonb_array_elements_text(?::jsonb)::uuid)',
      [JSON.stringify([...new Set(events.map((event) => event.data.childId))])],
    );
    const firstNames = new Map(children.map((child) => [child.child_id, child.first_name]));
    const rows: NewNotification[] = [];
    for (const event of events) {
      const firstName = firstNames.get(event.data.childId);
      if (firstName === undefined) continue;
      const alert = event.data;
      let text: AlertText | null = null;
      for (const delivery of alert.deliveries) {
        if (!('userId' in delivery) || !delivery.channels.includes('in_app')) continue;
        text ??= event.type === 'TaskReminderSent' ? reminderText(event.data.reminder, event.data, firstName) : escalationText(event.data.step, event.data, firstName);
        rows.push({
          id: deterministicId('notification', event.id, delivery.userId),
          userId: delivery.userId,
          childId: alert.childId,
          taskId: alert.taskId,
          sentAt: event.type === 'TaskReminderSent' ? event.data.sentAt : event.data.reachedAt,
          scheduledFor: alert.scheduledTime,
          ...text,
        });
      }
    }
    await insertNotifications(em, rows);
  }

  /** Refill reminders go to the primary caregiver only (docs/notifications.md, "Refill reminders"). */
  private async notifyRefill(em: EntityManager, eventId: string, low: Extract<CareRecipientEvent, { type: 'MedicationStockLow' }>['data']): Promise<void> {
    const [child]: { first_name: string; primary_caregiver_id: string }[] = await em.execute(
      'SELECT first_name, primary_caregiver_id FROM notification_children WHERE child_id = ?',
      [low.childId],
    );
    if (!child) return;
    const days = low.daysLeft === 1 ? '1 day' : `${low.daysLeft} days`;
    await em.execute(
      `INSERT INTO notifications (id, user_id, child_id, task_id, type, title, message, is_read, sent_at, scheduled_for)
       VALUES (?, ?, ?, NULL, ?, ?, ?, false, ?, NULL) ON CONFLICT (id) DO NOTHING`,
      [
        eventNotificationId(eventId, child.primary_caregiver_id),
        child.primary_caregiver_id,
        low.childId,
        REFILL_REMINDER,
        `Refill soon: ${low.name}`,
        `${child.first_name}'s ${low.name}: about ${days} left (${formatStock(low.stock, low.unit)})`,
        low.detectedAt,
      ],
    );
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

type AlertEvent = RecordedEventOf<Extract<TaskEvent, { type: 'TaskReminderSent' | 'TaskEscalationStepReached' }>>;

interface NewNotification {
  id: string;
  userId: string;
  childId: string;
  taskId: string;
  type: string;
  title: string;
  message: string;
  sentAt: string;
  scheduledFor: string;
}

async function insertNotification(em: EntityManager, n: NewNotification): Promise<void> {
  await insertNotifications(em, [n]);
}

/** New notifications in one statement; one already there (the same event and user) is kept as it is. */
async function insertNotifications(em: EntityManager, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await em.execute(
    `INSERT INTO notifications (id, user_id, child_id, task_id, type, title, message, is_read, sent_at, scheduled_for)
     SELECT n.id, n."userId", n."childId", n."taskId", n.type, n.title, n.message, false, n."sentAt", n."scheduledFor"
       FROM jsonb_to_recordset(?::jsonb) AS n(id uuid, "userId" uuid, "childId" uuid, "taskId" uuid, type text, title text, message text, "sentAt" timestamptz, "scheduledFor" timestamptz)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** The same id for the same update and caregiver, so an edit or removal finds the notification. */
const careUpdateNotificationId = (updateId: string, userId: string) => deterministicId('notification', 'care-update', updateId, userId);

/** The start of an update's text, on one line, for the notification's message. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= CARE_UPDATE_NOTIFICATION_EXCERPT ? line : `${line.slice(0, CARE_UPDATE_NOTIFICATION_EXCERPT - 1).trimEnd()}…`;
}
