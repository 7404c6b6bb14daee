import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 21, medications are medications: a medication's strength ("100 mg/mL") beside its dose, and
 * the start date of a medication's repeating schedules, so the scheduled rate counts the steps of a
 * taper one after another instead of all at once (libs `scheduledDosesPerDay`). Existing schedules
 * take their template's start date; rows whose template is gone keep null (already running).
 */
export class Migration20261127083000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE medications ADD COLUMN strength text;
      ALTER TABLE medication_stock_schedules ADD COLUMN repeat_start_date date;
      UPDATE medication_stock_schedules s SET repeat_start_date = t.repeat_start_date FROM task_templates t WHERE t.id = s.template_id;
    `);
  }
}
