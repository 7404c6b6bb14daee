import { Migration } from '@mikro-orm/migrations';

/**
 * Medication stock and refill reminders (issue 12; docs/notifications.md, "Refill reminders"): the
 * care-recipients module's medication-stock read model. `stock` is the balance derived from events
 * (it may go below 0 when more doses are given than were recorded; it is shown as 0), amounts in
 * cents. `position` is the last event applied to a row, so a replayed event changes nothing.
 * Tasks and repeating schedules are this module's own copy of scheduling's events: which task
 * takes from which medication, and the scheduled rate.
 */
export class Migration20261127003000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE medication_stock (
        medication_id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        stock numeric(14, 2),
        dose_amount numeric(10, 2) NOT NULL DEFAULT 1,
        unit text NOT NULL DEFAULT 'tablets',
        refill_threshold_days integer NOT NULL DEFAULT 7,
        last_refill_amount numeric(12, 2),
        reminder_armed boolean NOT NULL DEFAULT true,
        position bigint NOT NULL DEFAULT 0
      );
      CREATE INDEX medication_stock_child_id_index ON medication_stock (child_id);

      CREATE TABLE medication_stock_tasks (
        task_id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        medication_id uuid,
        scheduled_time timestamptz NOT NULL,
        completed boolean NOT NULL DEFAULT false,
        counted_medication_id uuid,
        counted_amount numeric(10, 2),
        position bigint NOT NULL DEFAULT 0
      );
      CREATE INDEX medication_stock_tasks_child_id_index ON medication_stock_tasks (child_id);
      CREATE INDEX medication_stock_tasks_medication_index ON medication_stock_tasks (medication_id, scheduled_time);
      CREATE INDEX medication_stock_tasks_counted_index ON medication_stock_tasks (counted_medication_id);

      CREATE TABLE medication_stock_schedules (
        template_id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        medication_id uuid,
        doses_per_week numeric(12, 4) NOT NULL,
        is_repeating boolean NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        is_paused boolean NOT NULL DEFAULT false,
        repeat_end_date date
      );
      CREATE INDEX medication_stock_schedules_child_id_index ON medication_stock_schedules (child_id);
      CREATE INDEX medication_stock_schedules_medication_index ON medication_stock_schedules (medication_id);
    `);
  }
}
