import { Migration } from '@mikro-orm/migrations';

/**
 * Repeating schedules that change (docs/scheduling.md, "Repeating schedules"): a template can be
 * paused, and changed from a date, keeping the versions still in force before that date.
 */
export class Migration20261124000900 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE task_templates
        ADD COLUMN is_paused boolean NOT NULL DEFAULT false,
        ADD COLUMN effective_from date,
        ADD COLUMN earlier_versions jsonb NOT NULL DEFAULT '[]';
    `);
  }
}
