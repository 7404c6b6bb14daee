import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CalendarFeedInfo } from '@carecircle/libs';

/** Reads only calendar_feeds. A feed request looks the token's hash up through the unique index. */
@Injectable()
export class CalendarFeedsQuery {
  constructor(private readonly em: EntityManager) {}

  async byTokenHash(tokenHash: string): Promise<{ userId: string; includeMedications: boolean } | null> {
    const rows: { user_id: string; include_medications: boolean }[] = await this.em
      .fork()
      .execute('SELECT user_id, include_medications FROM calendar_feeds WHERE token_hash = ?', [tokenHash]);
    return rows.length > 0 ? { userId: rows[0].user_id, includeMedications: rows[0].include_medications } : null;
  }

  async forUser(userId: string): Promise<CalendarFeedInfo | null> {
    const rows: { created_at: Date; include_medications: boolean }[] = await this.em
      .fork()
      .execute('SELECT created_at, include_medications FROM calendar_feeds WHERE user_id = ?', [userId]);
    return rows.length > 0 ? { createdAt: new Date(rows[0].created_at).toISOString(), includeMedications: rows[0].include_medications } : null;
  }
}
