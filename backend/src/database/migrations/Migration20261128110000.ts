import { Migration } from '@mikro-orm/migrations';

/** Issue 24: the users' iCal feed links, by the link's SHA-256 (docs/calendar.md). */
export class Migration20261128110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE calendar_feeds (
        user_id uuid PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        include_medications boolean NOT NULL,
        created_at timestamptz NOT NULL
      );
    `);
  }
}
