import { Migration } from '@mikro-orm/migrations';

/**
 * Care updates (issue 11; docs/care-updates.md): each recipient's journal, newest first by
 * (created_at, id). A removed update keeps its row without text or photo (`removed_at` set).
 */
export class Migration20261126001100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE care_updates (
        id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        author_id uuid NOT NULL,
        text text,
        image_url text,
        important boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        edited_at timestamptz,
        removed_at timestamptz
      );
      CREATE INDEX care_updates_child_id_created_at_index ON care_updates (child_id, created_at, id);
    `);
  }
}
