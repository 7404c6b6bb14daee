import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AppNotification, Page } from '@carecircle/libs';
import { micros, toPage } from '../../../../platform/http/page';

interface NotificationRow {
  id: string;
  task_id: string | null;
  child_id: string | null;
  type: string;
  title: string;
  message: string;
  is_read: boolean;
  sent_at: Date;
  acknowledged_at: Date | null;
  /** The sort key's time, to the microsecond (page cursors). */
  sent_key: string;
}

const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  taskId: row.task_id,
  childId: row.child_id,
  type: row.type,
  title: row.title,
  message: row.message,
  isRead: row.is_read,
  sentAt: new Date(row.sent_at).toISOString(),
  acknowledgedAt: row.acknowledged_at ? new Date(row.acknowledged_at).toISOString() : null,
});

const COLUMNS = `id, task_id, child_id, type, title, message, is_read, sent_at, acknowledged_at, ${micros('sent_at')} AS sent_key`;

@Injectable()
export class NotificationsQuery {
  constructor(private readonly em: EntityManager) {}

  /**
   * A page of the user's own notifications, newest first (sent_at, then id), after `after` (the last
   * of the previous page); only the unread ones when asked. Reads `limit + 1` rows through
   * notifications_user_sent_id_index (or its unread twin), whatever the user has stored.
   */
  async pageFor(userId: string, { unread = false, after = null, limit }: { unread?: boolean; after?: { at: string; id: string } | null; limit: number }): Promise<Page<AppNotification>> {
    const rows: NotificationRow[] = await this.em.fork().execute(
      `SELECT ${COLUMNS} FROM notifications WHERE user_id = ? ${unread ? 'AND NOT is_read' : ''} ${after ? 'AND (sent_at, id) < (?::timestamptz, ?::uuid)' : ''}
       ORDER BY sent_at DESC, id DESC LIMIT ?`,
      [userId, ...(after ? [after.at, after.id] : []), limit + 1],
    );
    return toPage(rows, limit, (row) => [row.sent_key, row.id], toNotification);
  }

  /** When the newest of the user's notifications was sent (what "mark all read" covers). */
  async newestSentAt(userId: string): Promise<string | null> {
    const [row]: { newest: Date | null }[] = await this.em.fork().execute('SELECT max(sent_at) AS newest FROM notifications WHERE user_id = ?', [userId]);
    return row?.newest ? new Date(row.newest).toISOString() : null;
  }

  /** One of the user's own notifications; null for anyone else's. */
  async byIdFor(userId: string, id: string): Promise<AppNotification | null> {
    const rows: NotificationRow[] = await this.em.fork().execute(`SELECT ${COLUMNS} FROM notifications WHERE id = ? AND user_id = ?`, [id, userId]);
    return rows.length > 0 ? toNotification(rows[0]) : null;
  }
}
