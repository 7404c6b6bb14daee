import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction, AuditEntry, Page } from '@carecircle/libs';
import { toPage } from '../../../../platform/http/page';

interface AuditLogRow {
  id: string;
  position: string;
  action: AuditAction;
  occurred_at: Date;
  user_id: string;
  actor_id: string | null;
  child_id: string | null;
  address: string | null;
  user_agent: string | null;
}

/** A page's key: the store position of the previous page's last entry. */
export type AuditCursor = string;
/** Positions are whole numbers of at most 40 digits (the column's precision). */
export const auditCursor = ([position, ...rest]: string[]): AuditCursor | null => (rest.length === 0 && /^\d{1,40}$/.test(position ?? '') ? position : null);

const toEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  action: row.action,
  occurredAt: new Date(row.occurred_at).toISOString(),
  userId: row.user_id,
  actorId: row.actor_id === row.user_id ? null : row.actor_id,
  childId: row.child_id,
  address: row.address,
  userAgent: row.user_agent,
});

@Injectable()
export class AuditLogQuery {
  constructor(private readonly em: EntityManager) {}

  /**
   * What concerns one account, newest first: its own events and what it did to others (granting
   * access). Two index scans (user_id / actor_id, position DESC), each at most `limit + 1` rows.
   */
  async forUser(userId: string, { after = null, limit }: { after?: AuditCursor | null; limit: number }): Promise<Page<AuditEntry>> {
    const before = after ? 'AND position < ?' : '';
    const rows: AuditLogRow[] = await this.em.fork().execute(
      `(SELECT * FROM audit_log WHERE user_id = ? ${before} ORDER BY position DESC LIMIT ?)
       UNION ALL
       (SELECT * FROM audit_log WHERE actor_id = ? AND user_id <> ? ${before} ORDER BY position DESC LIMIT ?)
       ORDER BY position DESC LIMIT ?`,
      [userId, ...(after ? [after] : []), limit + 1, userId, userId, ...(after ? [after] : []), limit + 1, limit + 1],
    );
    return toPage(rows, limit, (row) => [row.position], toEntry);
  }

  /**
   * Every account's entries, newest first, for super admins (the unique position index); with
   * `userIds`, only what concerns those accounts (as `forUser`: two index scans, each at most
   * `limit + 1` rows).
   */
  async all({ after = null, limit, userIds }: { after?: AuditCursor | null; limit: number; userIds?: string[] }): Promise<Page<AuditEntry>> {
    if (userIds?.length === 0) return toPage([], limit, (row: AuditLogRow) => [row.position], toEntry);
    const before = after ? 'AND position < ?' : '';
    // One array parameter (the driver would spread a JS array into a list of them).
    const ids = userIds && `{${userIds.join(',')}}`;
    const rows: AuditLogRow[] = await this.em.fork().execute(
      userIds
        ? `(SELECT * FROM audit_log WHERE user_id = ANY(?::uuid[]) ${before} ORDER BY position DESC LIMIT ?)
           UNION ALL
           (SELECT * FROM audit_log WHERE actor_id = ANY(?::uuid[]) AND user_id <> ALL(?::uuid[]) ${before} ORDER BY position DESC LIMIT ?)
           ORDER BY position DESC LIMIT ?`
        : `SELECT * FROM audit_log WHERE true ${before} ORDER BY position DESC LIMIT ?`,
      userIds
        ? [ids, ...(after ? [after] : []), limit + 1, ids, ids, ...(after ? [after] : []), limit + 1, limit + 1]
        : [...(after ? [after] : []), limit + 1],
    );
    return toPage(rows, limit, (row) => [row.position], toEntry);
  }
}
