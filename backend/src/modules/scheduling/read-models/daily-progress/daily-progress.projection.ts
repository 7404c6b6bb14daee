import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EARLY_COMPLETION_MINUTES, ON_TIME_GRACE_MINUTES } from '@carecircle/libs';
import type { CareRecipientEvent } from '../../../care-recipients';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { TASK_ROW_EVENTS, type TaskEvent } from '../../domain/task';
import { applyProgressBatch } from './daily-progress.batch';
import { awardEarned, MONTHLY_CONSISTENCY_DAYS, MONTHLY_CONSISTENCY_MIN_RATE, type ProgressDayRow } from '../achievements/achievement-rules';

/**
 * libs' completionTiming in SQL, over a progress_tasks row (same rule, same constants): null while
 * pending, early more than EARLY_COMPLETION_MINUTES before its time, on time up to
 * ON_TIME_GRACE_MINUTES after it, else late. In SQL so that writing a task's timing costs no read.
 */
const TIMING = `CASE WHEN completed_at IS NULL THEN NULL
  WHEN scheduled_time - completed_at > interval '${EARLY_COMPLETION_MINUTES} minutes' THEN 'early'
  WHEN completed_at - scheduled_time <= interval '${ON_TIME_GRACE_MINUTES} minutes' THEN 'on_time'
  ELSE 'late' END`;

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
 * - Completing and uncompleting (the hot path: every tick) change the day's counters in place, by
 *   the difference between the task's row before and after, in one statement; streaks and
 *   achievements are looked at again only when the day's "every task done" or "80%" flag changed,
 *   since nothing else they depend on moved. Other events recompute their days from the task rows.
 *
 * Idempotent: task facts are upserted by task id and counters move by the change of the task's own
 * row, so applying an event again changes nothing; a rebuild, which applies the same events in order,
 * gives the same rows (rebuild.e2e.spec.ts).
 */
@Injectable()
@ReadModelProjection()
export class DailyProgressProjection implements Projection<TaskEvent | CareRecipientEvent> {
  readonly name = 'scheduling.daily-progress';
  readonly liveTopic = 'progress';
  readonly handles = [...TASK_ROW_EVENTS, 'CareRecipientRemoved'] as const;
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
        const day = await this.tick(em, event.data.taskId, completedAt);
        if (day?.flagsChanged) await this.restreak(em, day.childId, [day.date], earnedBy);
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

  /** Several events at once (applyBatch): the same rows, set-based (daily-progress.batch.ts). */
  applyBatch(em: EntityManager, events: RecordedEventOf<TaskEvent | CareRecipientEvent>[]): Promise<void> {
    return applyProgressBatch(em, events);
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
    await em.execute(`UPDATE progress_tasks SET timing = ${TIMING} WHERE task_id = ?`, [taskId]);
  }

  /**
   * A completion or its undo, in one statement: the task's row (completed_at and timing) and its
   * day's counters, moved by the difference between the row before and after. Answers the day and
   * whether its "every task done" or "consistent" flag changed (then streaks need a look).
   */
  private async tick(em: EntityManager, taskId: string, completedAt: string | null): Promise<{ childId: string; date: string; flagsChanged: boolean } | null> {
    const rows: { child_id: string; date: string; flags_changed: boolean }[] = await em.execute(
      `WITH before AS (
         SELECT task_id, completed_at, timing FROM progress_tasks WHERE task_id = ? FOR UPDATE
       ), after AS (
         UPDATE progress_tasks p SET completed_at = ?::timestamptz, timing = ${TIMING.replaceAll('completed_at', '?::timestamptz')}
         FROM before b WHERE p.task_id = b.task_id
         RETURNING p.child_id, p.scheduled_date,
           (p.completed_at IS NOT NULL)::int - (b.completed_at IS NOT NULL)::int AS completed,
           (p.timing IS NOT DISTINCT FROM 'on_time')::int - (b.timing IS NOT DISTINCT FROM 'on_time')::int AS on_time,
           (p.timing IS NOT DISTINCT FROM 'early')::int - (b.timing IS NOT DISTINCT FROM 'early')::int AS early
       ), day AS (
         UPDATE daily_progress d SET completed_tasks = d.completed_tasks + a.completed, on_time_tasks = d.on_time_tasks + a.on_time,
           early_tasks = d.early_tasks + a.early, completion_rate = round((d.completed_tasks + a.completed) * 100.0 / d.total_tasks, 2)
         FROM after a WHERE d.child_id = a.child_id AND d.date = a.scheduled_date
         RETURNING d.child_id, to_char(d.date, 'YYYY-MM-DD') AS date, d.total_tasks, d.completed_tasks - a.completed AS was_completed, a.completed
       )
       SELECT child_id, date,
              (was_completed = total_tasks) <> (was_completed + completed = total_tasks)
              OR (round(was_completed * 100.0 / total_tasks, 2) >= ${MONTHLY_CONSISTENCY_MIN_RATE})
                 <> (round((was_completed + completed) * 100.0 / total_tasks, 2) >= ${MONTHLY_CONSISTENCY_MIN_RATE}) AS flags_changed
       FROM day`,
      [taskId, completedAt, completedAt, completedAt, completedAt],
    );
    return rows.length > 0 ? { childId: rows[0].child_id, date: rows[0].date, flagsChanged: rows[0].flags_changed } : null;
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
    await this.restreak(em, childId, days, earnedBy);
  }

  /**
   * The recipient's streaks written again where they changed, and the achievements of `dates` and of
   * every day whose streak changed, in one statement (plus an insert per new achievement).
   */
  private async restreak(em: EntityManager, childId: string, dates: string[], earnedBy: { userId: string | null; earnedAt: string }): Promise<void> {
    // Gaps and islands: consecutive dates of one kind share `date - row_number()`.
    const days: ProgressDayRow[] = await em.execute(
      `WITH days AS (
         SELECT date, total_tasks, completed_tasks, completion_rate,
                completed_tasks = total_tasks AS complete, completion_rate >= ${MONTHLY_CONSISTENCY_MIN_RATE} AS consistent,
                avg(completion_rate) OVER (ORDER BY date ROWS BETWEEN ${MONTHLY_CONSISTENCY_DAYS - 1} PRECEDING AND CURRENT ROW) AS month_rate
         FROM daily_progress WHERE child_id = ?
       ), grouped AS (
         SELECT *,
                date - (row_number() OVER (PARTITION BY complete ORDER BY date))::int AS complete_group,
                date - (row_number() OVER (PARTITION BY consistent ORDER BY date))::int AS consistent_group
         FROM days
       ), counted AS (
         SELECT date, total_tasks, completed_tasks, completion_rate, month_rate,
                CASE WHEN complete THEN row_number() OVER (PARTITION BY complete, complete_group ORDER BY date) ELSE 0 END::int AS streak,
                CASE WHEN consistent THEN row_number() OVER (PARTITION BY consistent, consistent_group ORDER BY date) ELSE 0 END::int AS run
         FROM grouped
       ), changed AS (
         UPDATE daily_progress d SET streak_days = c.streak, consistent_days = c.run
         FROM counted c
         WHERE d.child_id = ? AND d.date = c.date AND (d.streak_days, d.consistent_days) IS DISTINCT FROM (c.streak, c.run)
         RETURNING d.date
       )
       SELECT to_char(date, 'YYYY-MM-DD') AS date, total_tasks, completed_tasks, completion_rate, streak AS streak_days, run AS consistent_days, month_rate
       FROM counted WHERE to_char(date, 'YYYY-MM-DD') IN (?) OR date IN (SELECT date FROM changed)
       ORDER BY date`,
      [childId, childId, dates.length > 0 ? dates : ['']],
    );
    await awardEarned(em, childId, days, earnedBy);
  }
}
