import { Migration } from '@mikro-orm/migrations';

/**
 * Task templates (the spec's `task_templates`, a read model) and the materialisation job's own
 * bookkeeping: which (template, care-team date) it has already turned into tasks. The second table
 * is not a read model (a rebuild leaves it alone); losing it costs only a re-run, because
 * occurrence task ids are deterministic and scheduling an existing task records nothing.
 */
export class Migration20261121000220 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE task_templates (
        id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        name text NOT NULL,
        template_name text,
        category text NOT NULL,
        description text,
        medication_id uuid,
        is_urgent boolean NOT NULL DEFAULT false,
        priority text NOT NULL DEFAULT 'medium',
        estimated_duration integer,
        image_url text,
        is_repeating boolean NOT NULL DEFAULT false,
        repeat_pattern text NOT NULL DEFAULT 'daily',
        repeat_interval integer NOT NULL DEFAULT 1,
        repeat_start_date date,
        repeat_end_date date,
        days_of_week text[] NOT NULL DEFAULT '{}',
        scheduled_times text[] NOT NULL DEFAULT '{}',
        time_notes jsonb NOT NULL DEFAULT '{}',
        is_template boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        created_by uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX task_templates_child_id_index ON task_templates (child_id);
      CREATE INDEX task_templates_active_repeating_index ON task_templates (is_active, is_repeating);

      CREATE TABLE template_materialisations (
        template_id uuid NOT NULL,
        scheduled_date date NOT NULL,
        materialised_at timestamptz NOT NULL,
        PRIMARY KEY (template_id, scheduled_date)
      );
    `);
  }
}
