import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency-Key (platform/http/idempotency.ts): one row per key of a signed-in user, method and
 * path; `claim` names the request that holds it, the answer is stored once it is known (status NULL
 * while it runs). Kept 24 hours (expires_at), then pruned by the worker role's maintenance queue.
 */
export class Migration20261123000200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE idempotency_keys (
        user_id uuid NOT NULL,
        method varchar(10) NOT NULL,
        path text NOT NULL,
        idempotency_key varchar(255) NOT NULL,
        fingerprint char(64),
        claim uuid NOT NULL,
        response_status smallint,
        response_content_type text,
        response_body text,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, method, path, idempotency_key)
      );
      CREATE INDEX idempotency_keys_expires_at_index ON idempotency_keys (expires_at);
    `);
  }
}
