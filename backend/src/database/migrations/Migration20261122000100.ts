import { Migration } from '@mikro-orm/migrations';

/** Scheduling: the daily_tasks read model and the recipients it reads names and care teams from. */
export class Migration20261122000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE daily_tasks (
        id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        child_name text NOT NULL,
        template_id uuid,
        name text NOT NULL,
        category text NOT NULL,
        description text,
        scheduled_time timestamptz NOT NULL,
        scheduled_date date NOT NULL,
        local_time varchar(5) NOT NULL,
        timezone varchar(50) NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        completed_at timestamptz,
        completed_by uuid,
        notes text,
        is_urgent boolean NOT NULL DEFAULT false,
        priority text NOT NULL DEFAULT 'medium',
        image_url text,
        medication_id text,
        google_calendar_event_id text,
        time_slot text,
        task_group_id text,
        time_specific_notes text,
        appointment_details jsonb,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX daily_tasks_child_id_scheduled_date_index ON daily_tasks (child_id, scheduled_date);
      CREATE INDEX daily_tasks_pending_scheduled_time_index ON daily_tasks (scheduled_time) WHERE status = 'pending';

      CREATE TABLE scheduling_children (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        name text NOT NULL,
        primary_caregiver_id uuid NOT NULL
      );
    `);
  }
}
