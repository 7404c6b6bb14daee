import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Reads only calendar_integrations. */
@Injectable()
export class CalendarIntegrationsQuery {
  constructor(private readonly em: EntityManager) {}

  async forUser(userId: string): Promise<{ connected: boolean; lastSyncAt: string | null }> {
    const rows: { is_active: boolean; last_sync_at: Date | null }[] = await this.em
      .fork()
      .execute('SELECT is_active, last_sync_at FROM calendar_integrations WHERE user_id = ?', [userId]);
    if (rows.length === 0) return { connected: false, lastSyncAt: null };
    return { connected: rows[0].is_active, lastSyncAt: rows[0].last_sync_at ? new Date(rows[0].last_sync_at).toISOString() : null };
  }
}
