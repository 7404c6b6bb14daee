import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26, the report queue bounded by its answer (docs/community.md): one row per reported post
 * or comment with open reports, kept by the reports projection, so GET /api/groups/{id}/reports is
 * one indexed LIMIT 200 scan instead of a window over every open report of the group.
 * - group_report_targets: how many reports are open, the newest one (its id and time; its reason
 *   stays in group_reports, the reporter's words in one place), and whether the target is still
 *   shown (its author or a moderator took it, or its post, away: handled, off the queue).
 * - group_reports_target_index: the projection recounts one target's open reports.
 * - group_reports_open_index served the old window and nothing else: dropped.
 * Filled from the open reports already projected, as the projection would have.
 */
export class Migration20261201090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE group_report_targets (
        target_id uuid PRIMARY KEY,
        group_id uuid NOT NULL,
        post_id uuid NOT NULL,
        comment_id uuid,
        open_count integer NOT NULL CHECK (open_count > 0),
        newest_report_id uuid NOT NULL,
        newest_at timestamptz NOT NULL,
        shown boolean NOT NULL DEFAULT true
      );
    `);
    this.addSql('CREATE INDEX group_report_targets_queue_index ON group_report_targets (group_id, newest_at DESC, newest_report_id DESC) WHERE shown;');
    this.addSql('CREATE INDEX group_report_targets_post_index ON group_report_targets (post_id);');
    this.addSql('CREATE INDEX group_reports_target_index ON group_reports (target_id) WHERE dismissed_at IS NULL;');
    this.addSql('DROP INDEX IF EXISTS group_reports_open_index;');
    this.addSql(`
      INSERT INTO group_report_targets (target_id, group_id, post_id, comment_id, open_count, newest_report_id, newest_at, shown)
      SELECT DISTINCT ON (r.target_id) r.target_id, r.group_id, r.post_id, r.comment_id,
             count(*) OVER (PARTITION BY r.target_id)::int, r.id, r.created_at,
             NOT EXISTS (SELECT 1 FROM group_posts p WHERE p.id = r.post_id AND (p.removed_at IS NOT NULL OR p.deleted_at IS NOT NULL))
               AND NOT EXISTS (SELECT 1 FROM group_comments c WHERE c.id = r.comment_id AND (c.removed_at IS NOT NULL OR c.deleted_at IS NOT NULL))
        FROM group_reports r WHERE r.dismissed_at IS NULL
       ORDER BY r.target_id, r.created_at DESC, r.id DESC;
    `);
  }
}
