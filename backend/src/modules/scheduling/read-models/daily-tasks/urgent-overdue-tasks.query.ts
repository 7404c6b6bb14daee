import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

export interface UrgentOverdueCandidate {
  taskId: string;
  childId: string;
}

/** Most candidates one run of the overdue worker handles; the next run takes the rest. */
const CANDIDATES_LIMIT = 500;

/**
 * For the urgent-overdue worker (notifications module): pending urgent tasks whose time is past
 * `now` but not more than `lookbackMs` ago (older ones are not alerted any more). Reads daily_tasks.
 */
@Injectable()
export class UrgentOverdueTasksQuery {
  constructor(private readonly em: EntityManager) {}

  async pendingUrgentPast(now: Date, lookbackMs: number): Promise<UrgentOverdueCandidate[]> {
    const rows: { id: string; child_id: string }[] = await this.em.fork().execute(
      `SELECT id, child_id FROM daily_tasks
       WHERE status = 'pending' AND is_urgent AND scheduled_time < ? AND scheduled_time >= ?
       ORDER BY scheduled_time, id LIMIT ${CANDIDATES_LIMIT}`,
      [now, new Date(now.getTime() - lookbackMs)],
    );
    return rows.map((row) => ({ taskId: row.id, childId: row.child_id }));
  }
}
