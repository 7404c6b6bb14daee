import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry } from '@carecircle/libs';

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

/** A page of entries, newest first; `next` continues after its last one (null at the end). */
export interface AuditPage {
  entries: AuditEntry[];
  next: string | null;
}

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

  /** What concerns one account: its own events and what it did to others (granting access). */
  forUser(userId: string, cursor?: string): Promise<AuditPage> {
    return this.page('(user_id = ? OR actor_id = ?)', [userId, userId], cursor);
  }

  /** Every account's entries, for super admins. */
  all(cursor?: string): Promise<AuditPage> {
    return this.page('true', [], cursor);
  }

  private async page(where: string, params: string[], cursor?: string): Promise<AuditPage> {
    const rows: AuditLogRow[] = await this.em.fork().execute(
      `SELECT * FROM audit_log WHERE ${where} ${cursor ? 'AND position < ?' : ''} ORDER BY position DESC LIMIT ${AUDIT_PAGE_SIZE + 1}`,
      cursor ? [...params, cursor] : params,
    );
    const entries = rows.slice(0, AUDIT_PAGE_SIZE);
    return { entries: entries.map(toEntry), next: rows.length > AUDIT_PAGE_SIZE ? entries[entries.length - 1].position : null };
  }
}
