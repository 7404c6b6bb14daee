import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { PostEvent } from '../../domain/post';
import type { ReactionEvent } from '../../domain/reaction';

type Handled = Exclude<PostEvent, { type: 'ContentReported' | 'ReportsDismissed' }> | ReactionEvent | Extract<UserEvent, { type: 'UserErased' }>;

/** A post's comment count: its comments still shown with their text (neither removed nor deleted). Recounted, so it never drifts. */
const RECOUNT_COMMENTS = `UPDATE group_posts SET comment_count =
  (SELECT count(*) FROM group_comments c WHERE c.post_id = group_posts.id AND c.removed_at IS NULL AND c.deleted_at IS NULL)
  WHERE id = ?`;
const RECOUNT_REACTIONS = (table: 'group_posts' | 'group_comments') =>
  `UPDATE ${table} SET reaction_count = (SELECT count(*) FROM group_reactions r WHERE r.target_id = ${table}.id) WHERE id = ANY(?::uuid[])`;

/**
 * Posts, comments and reactions of the support groups. Writes are by key (insert or ignore, update,
 * delete) and counts are recounted, so applying an event again changes nothing. Removed and
 * deleted posts and comments keep their rows without text (threads keep their shape); an erased
 * account's posts and comments keep their rows without text, marked `author_erased`
 * ("Deleted account"), its reactions go, and the reasons it wrote as a moderator are emptied.
 * Open group pages refetch on the live topic `group-posts` (GET /api/live).
 */
@Injectable()
@ReadModelProjection()
export class PostsProjection implements Projection<Handled> {
  readonly name = 'community.posts';
  readonly liveTopic = 'group-posts';
  readonly handles = [
    'PostCreated',
    'PostDeleted',
    'PostRemoved',
    'PostPinned',
    'PostUnpinned',
    'CommentAdded',
    'CommentDeleted',
    'CommentRemoved',
    'ReactionAdded',
    'ReactionRemoved',
    'UserErased',
  ] as const;
  readonly tables = ['group_posts', 'group_comments', 'group_reactions'];

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'PostCreated': {
        const { postId, groupId, authorId, title, body, isAnonymous, createdAt } = event.data;
        await em.execute(
          `INSERT INTO group_posts (id, group_id, author_id, title, body, is_anonymous, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
          [postId, groupId, authorId, title, body, isAnonymous, createdAt],
        );
        return;
      }
      case 'PostDeleted':
        await em.execute('UPDATE group_posts SET title = NULL, body = NULL, is_pinned = false, deleted_at = ? WHERE id = ?', [event.data.deletedAt, event.data.postId]);
        return;
      case 'PostRemoved': {
        const { postId, removedBy, reason, removedAt } = event.data;
        await em.execute('UPDATE group_posts SET is_pinned = false, removed_at = ?, removed_by = ?, removal_reason = ? WHERE id = ?', [removedAt, removedBy, reason, postId]);
        return;
      }
      case 'PostPinned':
      case 'PostUnpinned':
        await em.execute('UPDATE group_posts SET is_pinned = ? WHERE id = ?', [event.type === 'PostPinned', event.data.postId]);
        return;
      case 'CommentAdded': {
        const { commentId, postId, groupId, authorId, parentCommentId, body, isAnonymous, createdAt } = event.data;
        await em.execute(
          `INSERT INTO group_comments (id, post_id, group_id, author_id, parent_comment_id, body, is_anonymous, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
          [commentId, postId, groupId, authorId, parentCommentId, body, isAnonymous, createdAt],
        );
        await em.execute(RECOUNT_COMMENTS, [postId]);
        return;
      }
      case 'CommentDeleted':
        await em.execute('UPDATE group_comments SET body = NULL, deleted_at = ? WHERE id = ?', [event.data.deletedAt, event.data.commentId]);
        await em.execute(RECOUNT_COMMENTS, [event.data.postId]);
        return;
      case 'CommentRemoved': {
        const { commentId, postId, removedBy, reason, removedAt } = event.data;
        await em.execute('UPDATE group_comments SET removed_at = ?, removed_by = ?, removal_reason = ? WHERE id = ?', [removedAt, removedBy, reason, commentId]);
        await em.execute(RECOUNT_COMMENTS, [postId]);
        return;
      }
      case 'ReactionAdded':
      case 'ReactionRemoved': {
        const { userId, postId, commentId, groupId, reactionType } = event.data;
        const targetId = commentId ?? postId;
        if (event.type === 'ReactionAdded') {
          await em.execute(
            `INSERT INTO group_reactions (user_id, target_id, post_id, comment_id, group_id, reaction_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
            [userId, targetId, postId, commentId, groupId, reactionType, event.data.reactedAt],
          );
        } else {
          await em.execute('DELETE FROM group_reactions WHERE user_id = ? AND target_id = ? AND reaction_type = ?', [userId, targetId, reactionType]);
        }
        await em.execute(RECOUNT_REACTIONS(commentId ? 'group_comments' : 'group_posts'), [`{${targetId}}`]);
        return;
      }
      case 'UserErased': {
        const { userId } = event.data;
        await em.execute('UPDATE group_posts SET title = NULL, body = NULL, author_erased = true WHERE author_id = ?', [userId]);
        await em.execute('UPDATE group_comments SET body = NULL, author_erased = true WHERE author_id = ?', [userId]);
        await em.execute('UPDATE group_posts SET removal_reason = NULL WHERE removed_by = ?', [userId]);
        await em.execute('UPDATE group_comments SET removal_reason = NULL WHERE removed_by = ?', [userId]);
        const gone: { target_id: string }[] = await em.execute('DELETE FROM group_reactions WHERE user_id = ? RETURNING target_id', [userId]);
        if (gone.length > 0) {
          const targets = `{${[...new Set(gone.map((row) => row.target_id))].join(',')}}`;
          await em.execute(RECOUNT_REACTIONS('group_posts'), [targets]);
          await em.execute(RECOUNT_REACTIONS('group_comments'), [targets]);
        }
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }
}
