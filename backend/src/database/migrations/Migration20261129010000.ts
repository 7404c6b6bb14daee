import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24 (Delete Account without a password): users.signed_up_with_google, true for an account made
 * by Google sign-in (UserRegistered.signUpMethod 'google'), whose password is a random one nobody
 * knows; Delete Account then asks for a passkey instead (docs/privacy.md). Rows of earlier accounts
 * stay false, as a rebuild from their events gives.
 */
export class Migration20261129010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE users ADD COLUMN signed_up_with_google boolean NOT NULL DEFAULT false;');
  }
}
