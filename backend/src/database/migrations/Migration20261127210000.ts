import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 21 (docs/scheduling.md):
 * - Early completions. `progress_tasks.timing` is each completion's timing (early, on_time, late; null
 *   while pending), written by the progress projection with libs' completionTiming, and
 *   `daily_progress.early_tasks` counts a day's early ones; an early completion is no longer on time.
 *   Rows already there are given the same rule here once (more than 60 minutes before: early; at most
 *   30 after: on time); a rebuild computes them from the events.
 * - Who last changed a repeating schedule (`task_templates.changed_by`): the actor of the occurrences
 *   the recurring-tasks job materialises. Rows already there start from their creator.
 */
export class Migration20261127210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE progress_tasks ADD COLUMN timing text;
      UPDATE progress_tasks SET timing = CASE
        WHEN completed_at IS NULL THEN NULL
        WHEN completed_at < scheduled_time - interval '60 minutes' THEN 'early'
        WHEN completed_at <= scheduled_time + interval '30 minutes' THEN 'on_time'
        ELSE 'late' END;
      ALTER TABLE daily_progress ADD COLUMN early_tasks integer NOT NULL DEFAULT 0;
      UPDATE daily_progress d SET
        on_time_tasks = t.on_time, early_tasks = t.early
      FROM (
        SELECT child_id, scheduled_date, count(*) FILTER (WHERE timing = 'on_time')::int AS on_time, count(*) FILTER (WHERE timing = 'early')::int AS early
        FROM progress_tasks GROUP BY child_id, scheduled_date
      ) t
      WHERE d.child_id = t.child_id AND d.date = t.scheduled_date;

      ALTER TABLE task_templates ADD COLUMN changed_by uuid;
      UPDATE task_templates SET changed_by = created_by;
    `);
  }
}
