import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Reads only billing_recipients. */
@Injectable()
export class RecipientOwnersQuery {
  constructor(private readonly em: EntityManager) {}

  /** The primary caregivers of these recipients, removed ones included. */
  async ownersOf(childIds: string[]): Promise<string[]> {
    if (childIds.length === 0) return [];
    const rows: { user_id: string }[] = await this.em.fork().execute('SELECT DISTINCT user_id FROM billing_recipients WHERE child_id IN (?)', [childIds]);
    return rows.map((row) => row.user_id);
  }

  /** How many recipients the user has added and not removed. */
  async countFor(userId: string): Promise<number> {
    const [row]: { count: string }[] = await this.em.fork().execute('SELECT count(*) AS count FROM billing_recipients WHERE user_id = ? AND NOT removed', [userId]);
    return Number(row.count);
  }
}
