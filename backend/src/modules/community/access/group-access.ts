import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { COMMUNITY_CONVERSATION_TEXT as TEXT, COMMUNITY_LIMITS, COMMUNITY_TEXT, type User } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import { countAttempt } from '../../../platform/http/attempt-limit';
import { TooManyRequestsException } from '../../../platform/http/too-many-requests';
import { REDIS } from '../../../platform/queue/queue.module';
import type { Actor } from '../domain/post.decide';
import type { Viewer } from '../read-models/posts/posts.query';

export interface ActorInGroup extends Actor {
  groupId: string;
}

const notFound = (code: string, message: string) => new DomainError(code, 'not_found', message);

/**
 * The facts a community command or read needs about who acts, read from the read models (which a
 * command waits for, so they include the caller's own last change): is the group there, is the user
 * a member, do they moderate it (role moderator or admin, or a super_admin), are they muted; and
 * which group a post, comment or report belongs to. Unknown: 404. The deciders apply the rules.
 */
@Injectable()
export class GroupAccess {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async inGroup(groupId: string, user: User): Promise<ActorInGroup> {
    const rows = (await this.em.fork().execute(
      `SELECT m.role, (SELECT u.muted_until FROM group_mutes u WHERE u.group_id = g.id AND u.user_id = ? AND u.muted_until > now()) AS muted_until
         FROM groups g LEFT JOIN group_members m ON m.group_id = g.id AND m.user_id = ? WHERE g.id = ? AND g.is_active`,
      [user.id, user.id, groupId],
    )) as { role: string | null; muted_until: Date | null }[];
    if (rows.length === 0) throw notFound('COMMUNITY.GROUP_NOT_FOUND', COMMUNITY_TEXT.groupNotFound);
    const { role, muted_until } = rows[0];
    return {
      groupId,
      isMember: role !== null,
      isModerator: user.role === 'super_admin' || role === 'moderator' || role === 'admin',
      mutedUntil: muted_until ? new Date(muted_until).toISOString() : null,
    };
  }

  /** Reading a group's posts: members and moderators; anyone else a 403 saying to join. */
  async reader(groupId: string, user: User): Promise<Viewer & ActorInGroup> {
    const actor = await this.inGroup(groupId, user);
    if (!actor.isMember && !actor.isModerator) throw new DomainError('COMMUNITY.MEMBERS_ONLY', 'forbidden', TEXT.membersOnly);
    return { ...actor, userId: user.id, canModerate: actor.isModerator };
  }

  /** The group of a post that was not deleted (removed ones are found: their author and moderators still see them). */
  async groupOfPost(postId: string): Promise<string> {
    const rows = (await this.em.fork().execute('SELECT group_id FROM group_posts WHERE id = ? AND deleted_at IS NULL', [postId])) as { group_id: string }[];
    if (rows.length === 0) throw notFound('COMMUNITY.POST_NOT_FOUND', TEXT.postNotFound);
    return rows[0].group_id;
  }

  /** The group and post of a comment that is still shown (reactions and reports need one). */
  async ofComment(commentId: string): Promise<{ groupId: string; postId: string }> {
    const rows = (await this.em.fork().execute(
      `SELECT c.group_id, c.post_id FROM group_comments c JOIN group_posts p ON p.id = c.post_id
        WHERE c.id = ? AND p.deleted_at IS NULL`,
      [commentId],
    )) as { group_id: string; post_id: string }[];
    if (rows.length === 0) throw notFound('COMMUNITY.COMMENT_NOT_FOUND', TEXT.commentNotFound);
    return { groupId: rows[0].group_id, postId: rows[0].post_id };
  }

  /** Whether a post or comment can still be reacted to (not removed or deleted). */
  async isShown(postId: string, commentId: string | null): Promise<boolean> {
    const rows = commentId
      ? await this.em.fork().execute('SELECT 1 FROM group_comments WHERE id = ? AND removed_at IS NULL AND deleted_at IS NULL', [commentId])
      : await this.em.fork().execute('SELECT 1 FROM group_posts WHERE id = ? AND removed_at IS NULL AND deleted_at IS NULL', [postId]);
    return rows.length > 0;
  }

  /**
   * Posting and commenting are limited per user over all groups (postsPerHour, commentsPerHour), in
   * Redis so every API process counts together; one past the limit is a 429 with the contract's
   * message. Counted once the caller may write (a refused post does not use up the limit).
   */
  async countWrite(kind: 'post' | 'comment', userId: string): Promise<void> {
    const limit = kind === 'post' ? COMMUNITY_LIMITS.postsPerHour : COMMUNITY_LIMITS.commentsPerHour;
    const wait = await countAttempt(this.redis, `community-${kind}s:user:${userId}`, limit, 60 * 60);
    if (wait > 0) throw new TooManyRequestsException(TEXT.rateLimited, wait, { exact: true });
  }
}
