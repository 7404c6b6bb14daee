import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ReportView } from '@carecircle/libs';

/** At most this many entries in the queue (the oldest wait for the newest to be handled). */
export const REPORT_QUEUE_MAX = 200;
/** The first characters of the reported text the queue shows. */
const EXCERPT_LENGTH = 200;

/**
 * The open reports of a group, one entry per reported post or comment that is still shown (a
 * removed or deleted one has been handled), newest report first. Each entry names its newest
 * report (`id`, what DELETE /api/reports/{id} dismisses with the others about the same target),
 * how many are open and the newest reason. One statement, bounded by REPORT_QUEUE_MAX.
 */
@Injectable()
export class ReportsQuery {
  constructor(private readonly em: EntityManager) {}

  async open(groupId: string): Promise<ReportView[]> {
    const rows = (await this.em.fork().execute(
      `WITH open AS (
         SELECT r.*, count(*) OVER (PARTITION BY r.target_id)::int AS report_count,
                row_number() OVER (PARTITION BY r.target_id ORDER BY r.created_at DESC, r.id DESC) AS nth
           FROM group_reports r WHERE r.group_id = ? AND r.dismissed_at IS NULL)
       SELECT o.id, o.post_id, o.comment_id, o.reason, o.report_count, o.created_at,
              left(coalesce(c.body, p.title || ': ' || p.body, ''), ?) AS excerpt
         FROM open o
         JOIN group_posts p ON p.id = o.post_id AND p.removed_at IS NULL AND p.deleted_at IS NULL
         LEFT JOIN group_comments c ON c.id = o.comment_id
        WHERE o.nth = 1 AND (o.comment_id IS NULL OR (c.removed_at IS NULL AND c.deleted_at IS NULL))
        ORDER BY o.created_at DESC, o.id DESC LIMIT ?`,
      [groupId, EXCERPT_LENGTH, REPORT_QUEUE_MAX],
    )) as { id: string; post_id: string; comment_id: string | null; reason: string | null; report_count: number; created_at: Date; excerpt: string }[];
    return rows.map((row) => ({
      id: row.id,
      targetType: row.comment_id ? 'comment' : 'post',
      postId: row.post_id,
      commentId: row.comment_id,
      excerpt: row.excerpt,
      reason: row.reason ?? '',
      reportCount: row.report_count,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }

  /** Where a report is: its group and post (for the command's stream), or null. */
  async target(reportId: string): Promise<{ groupId: string; postId: string } | null> {
    const rows = (await this.em.fork().execute('SELECT group_id, post_id FROM group_reports WHERE id = ?', [reportId])) as { group_id: string; post_id: string }[];
    return rows[0] ? { groupId: rows[0].group_id, postId: rows[0].post_id } : null;
  }
}
