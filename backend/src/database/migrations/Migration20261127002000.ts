import { Migration } from '@mikro-orm/migrations';

/**
 * Notification settings (issue 12; docs/notifications.md, "Preferences and escalation policy"): a
 * user's preferences and a family's escalation policy (keyed by the primary caregiver), each row
 * only once changed from the defaults.
 */
export class Migration20261127002000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE notification_preferences (
        user_id uuid PRIMARY KEY,
        email_overdue boolean NOT NULL,
        email_achievements boolean NOT NULL,
        push_reminders boolean NOT NULL,
        quiet_hours_start text,
        quiet_hours_end text,
        changed_at timestamptz NOT NULL,
        CHECK ((quiet_hours_start IS NULL) = (quiet_hours_end IS NULL))
      );
      CREATE TABLE escalation_policies (
        user_id uuid PRIMARY KEY,
        steps jsonb NOT NULL,
        changed_at timestamptz NOT NULL
      );
    `);
  }
}
