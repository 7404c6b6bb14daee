import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22, reminder bursts (docs/notifications.md): the reminder, escalation and refill jobs move from
 * Bull delayed jobs to this table, which workers claim due rows of in batches (one statement for many,
 * `FOR UPDATE SKIP LOCKED`). `due_at` is when a job may be claimed: its time, then, once claimed, the
 * end of the claim's lease (a worker killed mid-batch leaves its jobs to be claimed again after it);
 * `claim` names the claim that holds it, so a worker finishes only the rows it still holds.
 * Jobs still in Bull at the upgrade are moved here by the first worker that starts (LegacyReminderJobs).
 */
export class Migration20261201220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE reminder_jobs (
        id text PRIMARY KEY,
        task_id uuid,
        kind text NOT NULL,
        data jsonb NOT NULL,
        due_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        claim uuid
      );
    `);
    this.addSql('CREATE INDEX reminder_jobs_due_index ON reminder_jobs (due_at);');
    this.addSql('CREATE INDEX reminder_jobs_task_index ON reminder_jobs (task_id) WHERE task_id IS NOT NULL;');
  }
}
