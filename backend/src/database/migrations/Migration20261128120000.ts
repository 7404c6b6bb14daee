import { Migration } from '@mikro-orm/migrations';

/** Issue 24 (passkeys): the spec's webauthn_credentials (document 3), fed by identity's passkey events. */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE webauthn_credentials (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        credential_id text NOT NULL UNIQUE,
        credential_public_key text NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        device_type text NOT NULL,
        backed_up boolean NOT NULL,
        transports text[] NOT NULL,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      );
    `);
    this.addSql('CREATE INDEX webauthn_credentials_user_id_index ON webauthn_credentials (user_id);');
  }
}
