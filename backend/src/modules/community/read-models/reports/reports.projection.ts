import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { PostEvent } from '../../domain/post';

type Handled = Extract<PostEvent, { type: 'ContentReported' | 'ReportsDismissed' }> | Extract<UserEvent, { type: 'UserErased' }>;

/**
 * The moderators' report queue: one row per report, open until dismissed. Writes are by key, so
 * applying an event again changes nothing. An erased account's reports go (their reasons are its
 * words); reports about its posts stay (the posts do, without text).
 */
@Injectable()
@ReadModelProjection()
export class ReportsProjection implements Projection<Handled> {
  readonly name = 'community.reports';
  readonly liveTopic = 'group-reports';
  readonly handles = ['ContentReported', 'ReportsDismissed', 'UserErased'] as const;
  readonly tables = ['group_reports'];

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'ContentReported': {
        const { reportId, groupId, postId, commentId, reporterId, reason, reportedAt } = event.data;
        await em.execute(
          `INSERT INTO group_reports (id, group_id, post_id, comment_id, target_id, reporter_id, reason, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
          [reportId, groupId, postId, commentId, commentId ?? postId, reporterId, reason, reportedAt],
        );
        return;
      }
      case 'ReportsDismissed':
        await em.execute('UPDATE group_reports SET dismissed_at = ? WHERE id = ANY(?::uuid[]) AND dismissed_at IS NULL', [event.data.dismissedAt, `{${event.data.reportIds.join(',')}}`]);
        return;
      case 'UserErased':
        await em.execute('DELETE FROM group_reports WHERE reporter_id = ?', [event.data.userId]);
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }
}
