import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Achievement } from '@carecircle/libs';

interface AchievementRow {
  id: string;
  child_id: string;
  type: Achievement['type'];
  title: string;
  description: string;
  earned_at: Date;
  completion_rate: string | null;
}

/** Most achievements one answer lists (the dashboard shows the first two). */
export const ACHIEVEMENTS_LIMIT = 100;

@Injectable()
export class AchievementsQuery {
  constructor(private readonly em: EntityManager) {}

  /** The achievements of these recipients, newest first. */
  async forChildren(childIds: string[]): Promise<Achievement[]> {
    if (childIds.length === 0) return [];
    const rows: AchievementRow[] = await this.em.fork().execute(
      `SELECT id, child_id, type, title, description, earned_at, completion_rate FROM achievements
       WHERE child_id IN (?) ORDER BY earned_at DESC, period_key DESC, type LIMIT ${ACHIEVEMENTS_LIMIT}`,
      [childIds],
    );
    return rows.map((row) => ({
      id: row.id,
      childId: row.child_id,
      type: row.type,
      title: row.title,
      description: row.description,
      earnedAt: new Date(row.earned_at).toISOString(),
      completionRate: row.completion_rate === null ? null : Number(row.completion_rate),
    }));
  }
}
