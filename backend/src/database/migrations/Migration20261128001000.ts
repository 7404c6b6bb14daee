import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 (commands close to the floor): what a session last left to its next request instead of
 * waiting for the projections (platform/http/read-your-writes.ts): the store position and the event
 * types, loaded with the session in the same statement. Gone with the session.
 */
export class Migration20261128001000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE session_writes (
        sid varchar PRIMARY KEY REFERENCES sessions (sid) ON DELETE CASCADE,
        position bigint NOT NULL,
        types text[] NOT NULL
      );
    `);
  }
}
