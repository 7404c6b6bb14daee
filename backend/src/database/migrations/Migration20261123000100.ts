import { Migration } from '@mikro-orm/migrations';

/**
 * Parked projection events: an event a projection still failed to apply after its retries. The
 * projection moves on past it; `npm run projections:retry -- <projection>` applies it again.
 */
export class Migration20261123000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE projection_failures (
        projection text NOT NULL,
        position numeric(40, 0) NOT NULL,
        event_id uuid NOT NULL,
        stream_id text NOT NULL,
        revision bigint NOT NULL,
        event_type text NOT NULL,
        correlation_id text,
        error text NOT NULL,
        attempts int NOT NULL,
        first_seen_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        PRIMARY KEY (projection, position)
      );
      CREATE INDEX projection_failures_event_id ON projection_failures (event_id);
    `);
  }
}
