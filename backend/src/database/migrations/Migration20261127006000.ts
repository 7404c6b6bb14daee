import { Migration } from '@mikro-orm/migrations';

/**
 * The reminder scheduler stops calling Redis inside its projection transaction (issue 12;
 * docs/notifications.md): it records what Bull must change in `reminder_outbox` with the read model,
 * and the workers apply it after the commit. `acknowledged_for`: the task time whose escalation a
 * caregiver acknowledged (a replan leaves its escalation out).
 */
export class Migration20261127006000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE reminder_tasks ADD COLUMN acknowledged_for timestamptz;
      CREATE SEQUENCE reminder_outbox_version;
      CREATE TABLE reminder_outbox (
        id text PRIMARY KEY,
        job jsonb,
        version bigint NOT NULL DEFAULT nextval('reminder_outbox_version')
      );
    `);
  }
}
