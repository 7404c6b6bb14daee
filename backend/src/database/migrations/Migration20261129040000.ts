import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25 (the admin's user list, GET /api/admin/users): newest first in pages keyed by (created_at,
 * id), so a page reads its rows through this index whatever the number of users.
 */
export class Migration20261129040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE INDEX users_created_at_id_idx ON users (created_at DESC, id DESC);');
  }
}
