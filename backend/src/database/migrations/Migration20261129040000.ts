import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25 (the admin's user list, GET /api/admin/users): newest first in pages keyed by (created_at,
 * id), so a page reads its rows through this index whatever the number of users; and a trigram index
 * on the searched text (email, first and last name, lowercase), so a search for a rare part of a name
 * reads the rows that contain it, not the whole table. pg_trgm ships with PostgreSQL (and the embedded
 * server) and is a trusted extension: the database's owner may create it.
 */
export class Migration20261129040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE INDEX users_created_at_id_idx ON users (created_at DESC, id DESC);');
    this.addSql('CREATE EXTENSION IF NOT EXISTS pg_trgm;');
    // The expression UsersQuery.page searches (SEARCHED_TEXT), so the index serves it.
    this.addSql(`CREATE INDEX users_search_trgm_idx ON users USING gin ((lower(email) || ' ' || lower(coalesce(first_name, '')) || ' ' || lower(coalesce(last_name, ''))) gin_trgm_ops);`);
  }
}
