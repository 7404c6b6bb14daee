import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { completionTiming } from '@carecircle/libs';
import type { CareRecipientEvent } from '../../../care-recipients';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { TaskEvent } from '../../domain/task';
import { awardAchievements, MONTHLY_CONSISTENCY_MIN_RATE } from '../achievements/achievement-rules';

/**
 * Progress per recipient and care-team date (daily_progress), from task events, and the achievements
 * those days earn (same transaction, see achievement-rules.ts).
 *
 * - A task counts on its scheduledDate (the care team's local date, carried by the events).
 * - Each completion's timing (early, on_time, late: libs' completionTiming) is kept per task and
 *   written again whenever its completion or its time changes; it derives from the events alone
 *   (completedAt against scheduledTime), so a replay gives the same. A day counts its on-time and
 *   its early completions apart: early is not on time.
 * - A removed task leaves its day's total; uncompleting lowers completed; moving a task's date moves
 *   it from one day to the other. A day left without tasks has no row.
 * - streakDays of a row: days in a row, ending on that date, each with at least one task and every
 *   task completed (a day without tasks ends a streak). It is recomputed for the whole recipient
 *   when any day changes, since completing an old day can join two streaks.
 *
 * Idempotent: task facts are upserted by task id and each day is recomputed from them, so applying
 * an event again changes nothing.
 */
@Injectable()
@ReadModelProjection()
export class DailyProgressProjection implements Projection<TaskEvent | CareRecipientEvent> {
  readonly name = 'scheduling.daily-progress';
  readonly liveTopic = 'progress';
  readonly handles = ['TaskScheduled', 'TaskCompleted', 'TaskUncompleted', 'TaskRemoved', 'TaskUpdated', 'AppointmentUpdated', 'CareRecipientRemoved'] as const;
  readonly tables = ['progress_tasks', 'daily_progress', 'achievements'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<TaskEvent | CareRecipientEvent>): Promise<void> {
    const earnedBy = { userId: event.metadata.actorId, earnedAt: event.metadata.occurredAt };
    switch (event.type) {
      case 'TaskScheduled': {
        const { taskId, childId, scheduledDate, scheduledTime } = event.data;
        const before = await this.taskDay(em, taskId);
        await em.execute(
          `INSERT INTO progress_tasks (task_id, child_id, scheduled_date, scheduled_time, completed_at) VALUES (?, ?, ?, ?, NULL)
           ON CONFLICT (task_id) DO UPDATE SET child_id = excluded.child_id, scheduled_date = excluded.scheduled_date, scheduled_time = excluded.scheduled_time`,
          [taskId, childId, scheduledDate, scheduledTime],
        );
        await this.retime(em, taskId);
        await this.refresh(em, childId, [scheduledDate, ...(before ? [before.date] : [])], earnedBy);
        return;
      }
      case 'TaskCompleted':
      case 'TaskUncompleted': {
        const completedAt = event.type === 'TaskCompleted' ? event.data.completedAt : null;
        const rows: { child_id: string; date: string }[] = await em.execute(
          `UPDATE progress_tasks SET completed_at = ? WHERE task_id = ? RETURNING child_id, to_char(scheduled_date, 'YYYY-MM-DD') AS date`,
          [completedAt, event.data.taskId],
        );
        if (rows.length === 0) return;
        await this.retime(em, event.data.taskId);
        await this.refresh(em, rows[0].child_id, [rows[0].date], earnedBy);
        return;
      }
      case 'TaskRemoved': {
        const rows: { child_id: string; date: string }[] = await em.execute(
          `DELETE FROM progress_tasks WHERE task_id = ? RETURNING child_id, to_char(scheduled_date, 'YYYY-MM-DD') AS date`,
          [event.data.taskId],
        );
        if (rows.length > 0) await this.refresh(em, rows[0].child_id, [rows[0].date], earnedBy);
        return;
      }
      case 'TaskUpdated':
      case 'AppointmentUpdated': {
        const { taskId, scheduledDate, scheduledTime } = event.data;
        if (scheduledDate === undefined && scheduledTime === undefined) return;
        const before = await this.taskDay(em, taskId);
        if (!before) return;
        await em.execute(
          `UPDATE progress_tasks SET scheduled_date = coalesce(?::date, scheduled_date), scheduled_time = coalesce(?::timestamptz, scheduled_time) WHERE task_id = ?`,
          [scheduledDate ?? null, scheduledTime ?? null, taskId],
        );
        await this.retime(em, taskId);
        await this.refresh(em, before.childId, [before.date, ...(scheduledDate ? [scheduledDate] : [])], earnedBy);
        return;
      }
      case 'CareRecipientRemoved': {
        const { childId } = event.data;
        for (const table of this.tables) await em.execute(`DELETE FROM ${table} WHERE child_id = ?`, [childId]);
        return;
      }
      case 'TaskBecameUrgentOverdue':
        return;
    }
  }

  private async taskDay(em: EntityManager, taskId: string): Promise<{ childId: string; date: string } | null> {
    const rows: { child_id: string; date: string }[] = await em.execute(
      `SELECT child_id, to_char(scheduled_date, 'YYYY-MM-DD') AS date FROM progress_tasks WHERE task_id = ?`,
      [taskId],
    );
    return rows.length > 0 ? { childId: rows[0].child_id, date: rows[0].date } : null;
  }

  /** Writes the task's completion timing again from its row (null while pending). */
  private async retime(em: EntityManager, taskId: string): Promise<void> {
    const rows: { scheduled_time: Date | string; completed_at: Date | string | null }[] = await em.execute(
      `SELECT scheduled_time, completed_at FROM progress_tasks WHERE task_id = ?`,
      [taskId],
    );
    if (rows.length === 0) return;
    const { scheduled_time: scheduledTime, completed_at: completedAt } = rows[0];
    await em.execute(`UPDATE progress_tasks SET timing = ? WHERE task_id = ?`, [completedAt === null ? null : completionTiming(scheduledTime, completedAt), taskId]);
  }

  /** Recomputes the given days from their tasks, then the recipient's streaks, then achievements. */
  private async refresh(em: EntityManager, childId: string, dates: string[], earnedBy: { userId: string | null; earnedAt: string }): Promise<void> {
    const days = [...new Set(dates)];
    for (const date of days) {
      await em.execute(
        `WITH t AS (
           SELECT count(*)::int AS total, count(completed_at)::int AS completed,
                  count(*) FILTER (WHERE timing = 'on_time')::int AS on_time, count(*) FILTER (WHERE timing = 'early')::int AS early
           FROM progress_tasks WHERE child_id = ? AND scheduled_date = ?
         )
         INSERT INTO daily_progress (child_id, date, total_tasks, completed_tasks, on_time_tasks, early_tasks, completion_rate, streak_days, consistent_days)
         SELECT ?, ?, total, completed, on_time, early, round(completed * 100.0 / total, 2), 0, 0 FROM t WHERE total > 0
         ON CONFLICT (child_id, date) DO UPDATE SET total_tasks = excluded.total_tasks, completed_tasks = excluded.completed_tasks,
           on_time_tasks = excluded.on_time_tasks, early_tasks = excluded.early_tasks, completion_rate = excluded.completion_rate`,
        [childId, date, childId, date],
      );
      await em.execute(
        `DELETE FROM daily_progress WHERE child_id = ? AND date = ? AND NOT EXISTS (SELECT 1 FROM progress_tasks WHERE child_id = ? AND scheduled_date = ?)`,
        [childId, date, childId, date],
      );
    }
    // Gaps and islands: consecutive dates of one kind share `date - row_number()`.
    const changed: { date: string }[] = await em.execute(
      `WITH days AS (
         SELECT date, completed_tasks = total_tasks AS complete, completion_rate >= ${MONTHLY_CONSISTENCY_MIN_RATE} AS consistent
         FROM daily_progress WHERE child_id = ?
       ), grouped AS (
         SELECT date, complete, consistent,
                date - (row_number() OVER (PARTITION BY complete ORDER BY date))::int AS complete_group,
                date - (row_number() OVER (PARTITION BY consistent ORDER BY date))::int AS consistent_group
         FROM days
       ), counted AS (
         SELECT date,
                CASE WHEN complete THEN row_number() OVER (PARTITION BY complete, complete_group ORDER BY date) ELSE 0 END AS streak,
                CASE WHEN consistent THEN row_number() OVER (PARTITION BY consistent, consistent_group ORDER BY date) ELSE 0 END AS run
         FROM grouped
       )
       UPDATE daily_progress d SET streak_days = c.streak, consistent_days = c.run
       FROM counted c
       WHERE d.child_id = ? AND d.date = c.date AND (d.streak_days, d.consistent_days) IS DISTINCT FROM (c.streak::int, c.run::int)
       RETURNING to_char(d.date, 'YYYY-MM-DD') AS date`,
      [childId, childId],
    );
    await awardAchievements(em, childId, [...new Set([...days, ...changed.map((row) => row.date)])], earnedBy);
  }
}
