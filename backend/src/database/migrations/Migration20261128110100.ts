import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24: the spec's calendar_integrations (document 3) without its token columns: Google tokens
 * stay encrypted per user in the event store (docs/calendar.md).
 */
export class Migration20261128110100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE calendar_integrations (
        user_id uuid PRIMARY KEY,
        google_calendar_id text NOT NULL,
        is_active boolean NOT NULL,
        connected_at timestamptz NOT NULL,
        last_sync_at timestamptz
      );
    `);
  }
}
