import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24 (Data & Privacy): report_tasks, every task of a recipient with how it ended, removed
 * ones and their reasons included, for the task-history CSV and the adherence report
 * (modules/reports, docs/reports.md). Filled from the task events by its projection.
 */
export class Migration20261128130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE report_tasks (
        task_id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        medication_id text NULL,
        name text NOT NULL,
        category text NOT NULL,
        scheduled_date date NOT NULL,
        local_time varchar(5) NOT NULL,
        scheduled_time timestamptz NOT NULL,
        status text NOT NULL,
        completed_at timestamptz NULL,
        completed_by uuid NULL,
        timing text NULL,
        notes text NULL,
        removed_at timestamptz NULL,
        removed_by uuid NULL,
        removed_reason text NULL
      );
      CREATE INDEX report_tasks_child_date_index ON report_tasks (child_id, scheduled_date, scheduled_time, task_id);
    `);
  }
}
