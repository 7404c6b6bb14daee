import { Migration } from '@mikro-orm/migrations';

/** The audit log read model (modules/audit): one row per security event, newest first by position. */
export class Migration20261123001000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY,
        position numeric(40,0) NOT NULL UNIQUE,
        action text NOT NULL,
        occurred_at timestamptz NOT NULL,
        user_id uuid NOT NULL,
        actor_id uuid,
        child_id uuid,
        address text,
        user_agent text
      );
      CREATE INDEX audit_log_user_id_position_index ON audit_log (user_id, position DESC);
      CREATE INDEX audit_log_actor_id_position_index ON audit_log (actor_id, position DESC) WHERE actor_id IS NOT NULL;
    `);
  }
}
