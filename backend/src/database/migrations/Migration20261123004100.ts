import { Migration } from '@mikro-orm/migrations';

/**
 * Uploads (modules/uploads): who uploaded each stored photo, a per-user daily count claimed
 * atomically, and the upload_links read model (which recipient's profile, medication, task or
 * template refers to an upload, and who attached it). Live updates: a deleted session (logout,
 * a new sign-in, expiry pruning, erasure) is announced on `session_ended` so open streams close.
 */
export class Migration20261123004100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE uploads (
        name text PRIMARY KEY,
        uploader_id uuid NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE upload_daily_counts (
        user_id uuid NOT NULL,
        day date NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (user_id, day)
      );
      CREATE TABLE upload_links (
        name text NOT NULL,
        child_id uuid NOT NULL,
        attached_by uuid NOT NULL,
        PRIMARY KEY (name, child_id, attached_by)
      );
      CREATE INDEX upload_links_child_id_index ON upload_links (child_id);

      CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('session_ended', OLD.sid);
        RETURN OLD;
      END $$;
      CREATE TRIGGER sessions_notify_ended AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
    `);
  }
}
