import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Reads only calendar_integrations. */
@Injectable()
export class CalendarIntegrationsQuery {
  constructor(private readonly em: EntityManager) {}

  /** A row is a connection; `needsReconnect` when it is no longer active (Google refused the grant). */
  async forUser(userId: string): Promise<{ connected: boolean; needsReconnect: boolean; lastSyncAt: string | null }> {
    const rows: { is_active: boolean; last_sync_at: Date | null }[] = await this.em
      .fork()
      .execute('SELECT is_active, last_sync_at FROM calendar_integrations WHERE user_id = ?', [userId]);
    if (rows.length === 0) return { connected: false, needsReconnect: false, lastSyncAt: null };
    return { connected: true, needsReconnect: !rows[0].is_active, lastSyncAt: rows[0].last_sync_at ? new Date(rows[0].last_sync_at).toISOString() : null };
  }

  /** Of these users, those whose connection is active (the background sync's candidates). */
  async activeAmong(userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows: { user_id: string }[] = await this.em.fork().execute('SELECT user_id FROM calendar_integrations WHERE is_active AND user_id IN (?)', [userIds]);
    return rows.map((row) => row.user_id);
  }
}
