import { Migration } from '@mikro-orm/migrations';

/**
 * Emergency contacts get an optional email (issue 12; docs/care-hub.md): urgent escalations email
 * the family's contacts that have one. Contacts added before it have none (null).
 */
export class Migration20261127005000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE emergency_contacts ADD COLUMN email text;`);
  }
}
