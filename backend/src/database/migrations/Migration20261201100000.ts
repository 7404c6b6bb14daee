import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24, background Google sync (docs/calendar.md): which recipients' appointments each user has
 * Google events of, so an access change syncs the users it concerns (those who see the recipient and
 * those holding its events) instead of every connected user. Filled by its projection from the
 * google-calendar streams; events recorded before the recipient was in them give a null child_id.
 */
export class Migration20261201100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE google_calendar_events (
        user_id uuid NOT NULL,
        task_id uuid NOT NULL,
        child_id uuid,
        PRIMARY KEY (user_id, task_id)
      );
    `);
    this.addSql('CREATE INDEX google_calendar_events_child_index ON google_calendar_events (child_id);');
  }
}
