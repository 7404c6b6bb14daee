import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { PostEvent } from '../../domain/post';

type Handled =
  | Extract<PostEvent, { type: 'ContentReported' | 'ReportsDismissed' | 'PostRemoved' | 'PostDeleted' | 'CommentRemoved' | 'CommentDeleted' }>
  | Extract<UserEvent, { type: 'UserErased' }>;

/**
 * A target's row in group_report_targets from its open reports: how many, and the newest (by time,
 * then id); none left, no row. Recounted, so it never drifts; `shown` is kept as it was.
 */
const REFRESH_TARGETS = [
  `DELETE FROM group_report_targets t WHERE t.target_id = ANY(?::uuid[])
     AND NOT EXISTS (SELECT 1 FROM group_reports r WHERE r.target_id = t.target_id AND r.dismissed_at IS NULL)`,
  `INSERT INTO group_report_targets (target_id, group_id, post_id, comment_id, open_count, newest_report_id, newest_at)
   SELECT DISTINCT ON (r.target_id) r.target_id, r.group_id, r.post_id, r.comment_id,
          count(*) OVER (PARTITION BY r.target_id)::int, r.id, r.created_at
     FROM group_reports r WHERE r.target_id = ANY(?::uuid[]) AND r.dismissed_at IS NULL
    ORDER BY r.target_id, r.created_at DESC, r.id DESC
   ON CONFLICT (target_id) DO UPDATE SET open_count = excluded.open_count, newest_report_id = excluded.newest_report_id, newest_at = excluded.newest_at`,
];

/**
 * The moderators' report queue: one row per report, open until dismissed (group_reports), and one
 * per reported post or comment (group_report_targets), which the queue reads newest first, so its
 * cost follows its answer, not the number of open reports. A target taken away (deleted by its
 * author, removed by a moderator, or its post) is handled: no longer `shown`. Writes are by key and
 * counts recounted, so applying an event again changes nothing. An erased account's reports go
 * (their reasons are its words); reports about its posts stay (the posts do, without text).
 */
@Injectable()
@ReadModelProjection()
export class ReportsProjection implements Projection<Handled> {
  readonly name = 'community.reports';
  readonly liveTopic = 'group-reports';
  readonly handles = ['ContentReported', 'ReportsDismissed', 'PostRemoved', 'PostDeleted', 'CommentRemoved', 'CommentDeleted', 'UserErased'] as const;
  readonly tables = ['group_reports', 'group_report_targets'];

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'ContentReported': {
        const { reportId, groupId, postId, commentId, reporterId, reason, reportedAt } = event.data;
        await em.execute(
          `INSERT INTO group_reports (id, group_id, post_id, comment_id, target_id, reporter_id, reason, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
          [reportId, groupId, postId, commentId, commentId ?? postId, reporterId, reason, reportedAt],
        );
        await this.refresh(em, [commentId ?? postId]);
        return;
      }
      case 'ReportsDismissed': {
        const dismissed: { target_id: string }[] = await em.execute(
          'UPDATE group_reports SET dismissed_at = ? WHERE id = ANY(?::uuid[]) AND dismissed_at IS NULL RETURNING target_id',
          [event.data.dismissedAt, `{${event.data.reportIds.join(',')}}`],
        );
        await this.refresh(em, dismissed.map((row) => row.target_id));
        return;
      }
      case 'PostRemoved':
      case 'PostDeleted':
        // The post and every comment under it.
        await em.execute('UPDATE group_report_targets SET shown = false WHERE post_id = ?', [event.data.postId]);
        return;
      case 'CommentRemoved':
      case 'CommentDeleted':
        await em.execute('UPDATE group_report_targets SET shown = false WHERE target_id = ?', [event.data.commentId]);
        return;
      case 'UserErased': {
        const gone: { target_id: string }[] = await em.execute('DELETE FROM group_reports WHERE reporter_id = ? RETURNING target_id', [event.data.userId]);
        await this.refresh(em, gone.map((row) => row.target_id));
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }

  private async refresh(em: EntityManager, targetIds: string[]): Promise<void> {
    if (targetIds.length === 0) return;
    const ids = `{${[...new Set(targetIds)].join(',')}}`;
    for (const statement of REFRESH_TARGETS) await em.execute(statement, [ids]);
  }
}
