import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AppNotification } from '@carecircle/libs';

interface NotificationRow {
  id: string;
  task_id: string | null;
  child_id: string | null;
  type: string;
  title: string;
  message: string;
  is_read: boolean;
  sent_at: Date;
}

/** Most notifications one answer lists. */
export const NOTIFICATIONS_LIMIT = 100;

const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  taskId: row.task_id,
  childId: row.child_id,
  type: row.type,
  title: row.title,
  message: row.message,
  isRead: row.is_read,
  sentAt: new Date(row.sent_at).toISOString(),
});

const COLUMNS = 'id, task_id, child_id, type, title, message, is_read, sent_at';

@Injectable()
export class NotificationsQuery {
  constructor(private readonly em: EntityManager) {}

  /** The user's own notifications, newest first. */
  async listFor(userId: string): Promise<AppNotification[]> {
    const rows: NotificationRow[] = await this.em.fork().execute(
      `SELECT ${COLUMNS} FROM notifications WHERE user_id = ? ORDER BY sent_at DESC, id LIMIT ${NOTIFICATIONS_LIMIT}`,
      [userId],
    );
    return rows.map(toNotification);
  }

  /** Which of these tasks were already alerted as urgent and overdue. */
  async alertedTasks(taskIds: string[]): Promise<Set<string>> {
    if (taskIds.length === 0) return new Set();
    const rows: { task_id: string }[] = await this.em.fork().execute('SELECT task_id FROM urgent_overdue_tasks WHERE task_id IN (?)', [taskIds]);
    return new Set(rows.map((row) => row.task_id));
  }

  /** One of the user's own notifications; null for anyone else's. */
  async byIdFor(userId: string, id: string): Promise<AppNotification | null> {
    const rows: NotificationRow[] = await this.em.fork().execute(`SELECT ${COLUMNS} FROM notifications WHERE id = ? AND user_id = ?`, [id, userId]);
    return rows.length > 0 ? toNotification(rows[0]) : null;
  }
}
