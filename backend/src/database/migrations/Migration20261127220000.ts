import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22, cursor pages (docs/http.md, "Pages"): every page of a list that grows without end reads
 * `limit + 1` rows through an index in the page's own order, whatever is stored.
 * - Notifications, newest first by (sent_at, id), all or the unread only.
 * - Care updates of a recipient, newest first by (created_at, id), removed ones left out.
 * Audit pages already have theirs (user_id / actor_id, position DESC).
 */
export class Migration20261127220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      DROP INDEX IF EXISTS notifications_user_sent_index;
      CREATE INDEX notifications_user_sent_id_index ON notifications (user_id, sent_at DESC, id DESC);
      CREATE INDEX notifications_user_unread_sent_id_index ON notifications (user_id, sent_at DESC, id DESC) WHERE NOT is_read;
      CREATE INDEX care_updates_child_listed_index ON care_updates (child_id, created_at DESC, id DESC) WHERE removed_at IS NULL;
    `);
  }
}
