import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  COMMUNITY_CONVERSATION_TEXT as TEXT,
  COMMUNITY_LIMITS,
  REACTION_TYPES,
  type CommentView,
  type PostDetail,
  type PostPage,
  type PostView,
  type ReactionSummary,
  type ReactionType,
  type RemovedBy,
} from '@carecircle/libs';
import { encodeCursor, micros, timeAndId } from '../../../../platform/http/page';
import { UsersQuery } from '../../../identity';

/** Who reads: their id, and whether they moderate the group (they see anonymous authors, removed posts and reasons). */
export interface Viewer {
  userId: string;
  canModerate: boolean;
}

/** A page's key: the previous page's last post, (pinned, createdAt to the microsecond, id). */
export interface PostCursor {
  pinned: boolean;
  at: string;
  id: string;
}
export function postCursor([pinned, ...rest]: string[]): PostCursor | null {
  if (pinned !== '0' && pinned !== '1') return null;
  const key = timeAndId(rest);
  return key ? { pinned: pinned === '1', ...key } : null;
}

interface PostRow {
  id: string;
  group_id: string;
  author_id: string;
  title: string | null;
  body: string | null;
  is_anonymous: boolean;
  is_pinned: boolean;
  comment_count: number;
  author_erased: boolean;
  removed_at: Date | null;
  deleted_at: Date | null;
  removal_reason: string | null;
  created_at: Date;
  at_key: string;
  author_muted_until: Date | null;
}

interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  parent_comment_id: string | null;
  body: string | null;
  is_anonymous: boolean;
  author_erased: boolean;
  removed_at: Date | null;
  deleted_at: Date | null;
  removal_reason: string | null;
  created_at: Date;
  author_muted_until: Date | null;
}

/** Until when the author is muted in the group (a primary-key lookup per row), answered to moderators only. */
const AUTHOR_MUTED_UNTIL = (alias: string) =>
  `(SELECT u.muted_until FROM group_mutes u WHERE u.group_id = ${alias}.group_id AND u.user_id = ${alias}.author_id AND u.muted_until > now()) AS author_muted_until`;

const POST_COLUMNS = `p.id, p.group_id, p.author_id, p.title, p.body, p.is_anonymous, p.is_pinned, p.comment_count, p.author_erased,
  p.removed_at, p.deleted_at, p.removal_reason, p.created_at, ${micros('p.created_at')} AS at_key, ${AUTHOR_MUTED_UNTIL('p')}`;
const COMMENT_COLUMNS = `c.id, c.post_id, c.author_id, c.parent_comment_id, c.body, c.is_anonymous, c.author_erased, c.removed_at, c.deleted_at,
  c.removal_reason, c.created_at, ${AUTHOR_MUTED_UNTIL('c')}`;

/** Who took it away, answered to everyone (it names nobody): a moderator's removal or its author's deletion. */
/** Moderators are told until when an author is muted (to unmute them); everyone else null. */
const mutedUntilFor = (row: { author_muted_until: Date | null; author_erased: boolean }, viewer: Viewer): string | null =>
  viewer.canModerate && !row.author_erased && row.author_muted_until ? new Date(row.author_muted_until).toISOString() : null;

const removedBy = (row: { removed_at: Date | null; deleted_at: Date | null }): RemovedBy | null =>
  row.removed_at !== null ? 'moderator' : row.deleted_at !== null ? 'author' : null;

/** Removed posts are listed to their author and the moderators only; deleted ones to nobody. */
const VISIBLE = `p.deleted_at IS NULL AND (p.removed_at IS NULL OR ?::boolean OR p.author_id = ?)`;

type Reactions = Map<string, ReactionSummary>;

const noReactions = (): ReactionSummary => ({ counts: { like: 0, thank_you: 0, helpful: 0 }, mine: [] });

/**
 * Who wrote it, as this viewer may know: an anonymous author only to themselves and the
 * moderators (never their id to anyone else), an erased account to nobody ("Deleted account").
 */
function authorFor(row: { author_id: string; is_anonymous: boolean; author_erased: boolean }, viewer: Viewer, names: Map<string, string>) {
  const isMine = !row.author_erased && row.author_id === viewer.userId;
  const name = names.get(row.author_id);
  if (row.author_erased || name === undefined) return { author: null, authorName: TEXT.deletedAccount, isMine };
  if (row.is_anonymous && !isMine && !viewer.canModerate) return { author: null, authorName: TEXT.anonymous, isMine };
  return { author: { id: row.author_id, name }, authorName: name, isMine };
}

/**
 * The posts of a group and their threads, as one viewer may see them. Reads only the read models
 * (group_posts, group_comments, group_reactions; group_mutes for the moderators' authorMutedUntil, a key
 * lookup per row) and authors' names from identity's users: a page
 * is three statements (posts, their reactions, their authors' names), whatever its size.
 */
@Injectable()
export class PostsQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersQuery,
  ) {}

  /** Pinned first, then newest, `size` a page after `after`; through group_posts_page_index. */
  async page(groupId: string, viewer: Viewer, { after, size = COMMUNITY_LIMITS.pageSize }: { after: PostCursor | null; size?: number }): Promise<PostPage> {
    const em = this.em.fork();
    const params: unknown[] = [groupId, viewer.canModerate, viewer.userId];
    let keyset = '';
    if (after) {
      keyset = ' AND (p.is_pinned, p.created_at, p.id) < (?::boolean, ?::timestamptz, ?::uuid)';
      params.push(after.pinned, after.at, after.id);
    }
    const rows = (await em.execute(
      `SELECT ${POST_COLUMNS} FROM group_posts p WHERE p.group_id = ? AND ${VISIBLE}${keyset}
        ORDER BY p.is_pinned DESC, p.created_at DESC, p.id DESC LIMIT ?`,
      [...params, size + 1],
    )) as PostRow[];
    const kept = rows.slice(0, size);
    const [reactions, names] = await Promise.all([this.reactions(kept.map((row) => row.id), viewer.userId), this.names(kept)]);
    const last = kept[kept.length - 1];
    return {
      items: kept.map((row) => this.toPost(row, viewer, names, reactions)),
      next: rows.length > size ? encodeCursor([last.is_pinned ? '1' : '0', last.at_key, last.id]) : null,
    };
  }

  /** One post, if this viewer may see it (deleted: nobody; removed: its author and moderators). */
  async post(postId: string, viewer: Viewer): Promise<PostView | null> {
    const row = await this.postRow(postId, viewer);
    if (!row) return null;
    const [reactions, names] = await Promise.all([this.reactions([row.id], viewer.userId), this.names([row])]);
    return this.toPost(row, viewer, names, reactions);
  }

  /** A post with its comments, oldest first, replies nested under their parent (at most commentsPerPost). */
  async detail(postId: string, viewer: Viewer): Promise<PostDetail | null> {
    const row = await this.postRow(postId, viewer);
    if (!row) return null;
    const comments = (await this.em.fork().execute(
      `SELECT ${COMMENT_COLUMNS} FROM group_comments c WHERE c.post_id = ? ORDER BY c.created_at, c.id LIMIT ?`,
      [postId, COMMUNITY_LIMITS.commentsPerPost],
    )) as CommentRow[];
    const [reactions, names] = await Promise.all([this.reactions([row.id, ...comments.map((c) => c.id)], viewer.userId), this.names([row, ...comments])]);
    const views = comments.map((comment) => this.toComment(comment, viewer, names, reactions));
    const top = views.filter((view) => view.parentCommentId === null);
    const byId = new Map(top.map((view) => [view.id, view]));
    for (const view of views) if (view.parentCommentId !== null) byId.get(view.parentCommentId)?.replies.push(view);
    return { ...this.toPost(row, viewer, names, reactions), comments: top };
  }

  /** One comment as this viewer sees it (the answer of POST /api/posts/{id}/comments). */
  async comment(commentId: string, viewer: Viewer): Promise<CommentView | null> {
    const rows = (await this.em.fork().execute(
      `SELECT ${COMMENT_COLUMNS} FROM group_comments c WHERE c.id = ?`,
      [commentId],
    )) as CommentRow[];
    if (rows.length === 0) return null;
    const [reactions, names] = await Promise.all([this.reactions([commentId], viewer.userId), this.names(rows)]);
    return this.toComment(rows[0], viewer, names, reactions);
  }

  /** The reactions to one target (the answer of PUT /api/reactions). */
  async reactionsOf(targetId: string, userId: string): Promise<ReactionSummary> {
    return (await this.reactions([targetId], userId)).get(targetId) ?? noReactions();
  }

  private async postRow(postId: string, viewer: Viewer): Promise<PostRow | null> {
    const rows = (await this.em.fork().execute(`SELECT ${POST_COLUMNS} FROM group_posts p WHERE p.id = ? AND ${VISIBLE}`, [postId, viewer.canModerate, viewer.userId])) as PostRow[];
    return rows[0] ?? null;
  }

  /** Counts by type and the viewer's own, for many targets in one statement. */
  private async reactions(targetIds: string[], userId: string): Promise<Reactions> {
    const summaries: Reactions = new Map();
    if (targetIds.length === 0) return summaries;
    const rows = (await this.em.fork().execute(
      `SELECT target_id, reaction_type, count(*)::int AS n, bool_or(user_id = ?) AS mine
         FROM group_reactions WHERE target_id = ANY(?::uuid[]) GROUP BY target_id, reaction_type`,
      [userId, `{${targetIds.join(',')}}`],
    )) as { target_id: string; reaction_type: ReactionType; n: number; mine: boolean }[];
    for (const row of rows) {
      const summary = summaries.get(row.target_id) ?? noReactions();
      summary.counts[row.reaction_type] = row.n;
      if (row.mine) summary.mine.push(row.reaction_type);
      summaries.set(row.target_id, summary);
    }
    for (const summary of summaries.values()) summary.mine.sort((a, b) => REACTION_TYPES.indexOf(a) - REACTION_TYPES.indexOf(b));
    return summaries;
  }

  private names(rows: { author_id: string; author_erased: boolean }[]): Promise<Map<string, string>> {
    return this.users.displayNames(rows.filter((row) => !row.author_erased).map((row) => row.author_id));
  }

  private toPost(row: PostRow, viewer: Viewer, names: Map<string, string>, reactions: Reactions): PostView {
    const who = authorFor(row, viewer, names);
    const removed = row.removed_at !== null;
    const seesRemoved = who.isMine || viewer.canModerate;
    const hidden = removed && !seesRemoved;
    return {
      id: row.id,
      groupId: row.group_id,
      title: hidden ? '' : (row.title ?? ''),
      body: hidden ? '' : (row.body ?? ''),
      isAnonymous: row.is_anonymous,
      isPinned: row.is_pinned,
      ...who,
      removed,
      removedBy: removedBy(row),
      removalReason: removed && seesRemoved ? row.removal_reason : null,
      authorMutedUntil: mutedUntilFor(row, viewer),
      reactions: reactions.get(row.id) ?? noReactions(),
      commentCount: row.comment_count,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  private toComment(row: CommentRow, viewer: Viewer, names: Map<string, string>, reactions: Reactions): CommentView {
    const who = authorFor(row, viewer, names);
    const removed = row.removed_at !== null || row.deleted_at !== null;
    const seesRemoved = row.deleted_at === null && (who.isMine || viewer.canModerate);
    return {
      id: row.id,
      postId: row.post_id,
      parentCommentId: row.parent_comment_id,
      body: removed && !seesRemoved ? '' : (row.body ?? ''),
      isAnonymous: row.is_anonymous,
      ...who,
      removed,
      removedBy: removedBy(row),
      removalReason: row.removed_at !== null && seesRemoved ? row.removal_reason : null,
      authorMutedUntil: mutedUntilFor(row, viewer),
      reactions: reactions.get(row.id) ?? noReactions(),
      createdAt: new Date(row.created_at).toISOString(),
      replies: [],
    };
  }
}
