import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ReportView } from '@carecircle/libs';
import { UsersQuery } from '../../../identity';

/** At most this many entries in the queue (the oldest wait for the newest to be handled). */
export const REPORT_QUEUE_MAX = 200;
/** The first characters of the reported text the queue shows. */
const EXCERPT_LENGTH = 200;

interface QueueRow {
  id: string;
  post_id: string;
  comment_id: string | null;
  reason: string | null;
  report_count: number;
  created_at: Date;
  excerpt: string;
  author_id: string;
  author_erased: boolean;
}

/**
 * The open reports of a group, one entry per reported post or comment that is still shown (a
 * removed or deleted one has been handled), newest report first. Each entry names its newest
 * report (`id`, what DELETE /api/reports/{id} dismisses with the others about the same target),
 * how many are open, the newest reason, and who wrote the reported text (the queue is for
 * moderators, who see anonymous authors too; an erased account: null), so a moderator can mute
 * from the queue. One indexed scan of group_report_targets (group_report_targets_queue_index)
 * stopping at REPORT_QUEUE_MAX, each entry joined by key to its report, post and comment; then
 * the authors' names in one statement.
 */
@Injectable()
export class ReportsQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersQuery,
  ) {}

  async open(groupId: string): Promise<ReportView[]> {
    const rows = (await this.em.fork().execute(
      `SELECT t.newest_report_id AS id, t.post_id, t.comment_id, r.reason, t.open_count AS report_count, t.newest_at AS created_at,
              left(coalesce(c.body, p.title || ': ' || p.body, ''), ?) AS excerpt,
              coalesce(c.author_id, p.author_id) AS author_id, coalesce(c.author_erased, p.author_erased) AS author_erased
         FROM group_report_targets t
         JOIN group_reports r ON r.id = t.newest_report_id
         JOIN group_posts p ON p.id = t.post_id
         LEFT JOIN group_comments c ON c.id = t.comment_id
        WHERE t.group_id = ? AND t.shown
        ORDER BY t.newest_at DESC, t.newest_report_id DESC LIMIT ?`,
      [EXCERPT_LENGTH, groupId, REPORT_QUEUE_MAX],
    )) as QueueRow[];
    const names = await this.users.displayNames(rows.filter((row) => !row.author_erased).map((row) => row.author_id));
    return rows.map((row) => {
      const name = row.author_erased ? undefined : names.get(row.author_id);
      return {
        id: row.id,
        targetType: row.comment_id ? 'comment' : 'post',
        postId: row.post_id,
        commentId: row.comment_id,
        excerpt: row.excerpt,
        reason: row.reason ?? '',
        reportCount: row.report_count,
        createdAt: new Date(row.created_at).toISOString(),
        author: name === undefined ? null : { id: row.author_id, name },
      };
    });
  }

  /** Where a report is: its group and post (for the command's stream), or null. */
  async target(reportId: string): Promise<{ groupId: string; postId: string } | null> {
    const rows = (await this.em.fork().execute('SELECT group_id, post_id FROM group_reports WHERE id = ?', [reportId])) as { group_id: string; post_id: string }[];
    return rows[0] ? { groupId: rows[0].group_id, postId: rows[0].post_id } : null;
  }
}
