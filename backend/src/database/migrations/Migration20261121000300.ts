import { Migration } from '@mikro-orm/migrations';

/** Read models of progress, achievements (scheduling) and in-app notifications. */
export class Migration20261121000300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE progress_tasks (
        task_id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        scheduled_date date NOT NULL,
        scheduled_time timestamptz NOT NULL,
        completed_at timestamptz
      );
      CREATE INDEX progress_tasks_child_date_index ON progress_tasks (child_id, scheduled_date);

      CREATE TABLE daily_progress (
        child_id uuid NOT NULL,
        date date NOT NULL,
        total_tasks integer NOT NULL,
        completed_tasks integer NOT NULL,
        on_time_tasks integer NOT NULL,
        completion_rate numeric(5, 2) NOT NULL,
        streak_days integer NOT NULL DEFAULT 0,
        consistent_days integer NOT NULL DEFAULT 0,
        PRIMARY KEY (child_id, date)
      );

      CREATE TABLE achievements (
        id uuid PRIMARY KEY,
        user_id uuid,
        child_id uuid NOT NULL,
        type text NOT NULL,
        period_key text NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        icon_url text,
        earned_at timestamptz NOT NULL,
        completion_rate numeric(5, 2),
        UNIQUE (child_id, type, period_key)
      );

      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        child_id uuid,
        task_id uuid,
        type text NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        is_read boolean NOT NULL DEFAULT false,
        sent_at timestamptz NOT NULL,
        scheduled_for timestamptz
      );
      CREATE INDEX notifications_user_sent_index ON notifications (user_id, sent_at DESC);
      CREATE INDEX notifications_child_id_index ON notifications (child_id);

      CREATE TABLE notification_children (
        child_id uuid PRIMARY KEY,
        first_name text NOT NULL,
        primary_caregiver_id uuid NOT NULL
      );
      CREATE TABLE urgent_overdue_tasks (
        task_id uuid PRIMARY KEY,
        child_id uuid NOT NULL
      );
      CREATE INDEX urgent_overdue_tasks_child_id_index ON urgent_overdue_tasks (child_id);
      CREATE TABLE notification_shares (
        child_id uuid NOT NULL,
        user_id uuid NOT NULL,
        PRIMARY KEY (child_id, user_id)
      );
    `);
  }
}
