import { Migration } from '@mikro-orm/migrations';

/**
 * Reminders that reach someone (issue 12; docs/notifications.md): notifications are acknowledged,
 * shares know who may edit (reminders go to caregivers who can give the dose), and the reminder
 * scheduler keeps each pending task's name and times (`reminder_tasks`). The once-a-minute scan's
 * `urgent_overdue_tasks` goes: jobs per task replace it.
 */
export class Migration20261127000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE notifications ADD COLUMN acknowledged_at timestamptz;
      CREATE INDEX notifications_task_id_index ON notifications (task_id);
      ALTER TABLE notification_shares ADD COLUMN can_edit boolean NOT NULL DEFAULT false;
      DROP TABLE urgent_overdue_tasks;
      CREATE TABLE reminder_tasks (
        task_id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        name text NOT NULL,
        category text NOT NULL,
        is_urgent boolean NOT NULL,
        status text NOT NULL,
        scheduled_date date NOT NULL,
        scheduled_time timestamptz NOT NULL,
        local_time text NOT NULL,
        timezone text NOT NULL,
        appointment_reminders jsonb NOT NULL DEFAULT '[]'
      );
      CREATE INDEX reminder_tasks_child_id_index ON reminder_tasks (child_id);
    `);
  }
}
