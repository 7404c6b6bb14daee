import { COMMUNITY_CONVERSATION_TEXT as TEXT, COMMUNITY_LIMITS, isSafeText, VALIDATION_MESSAGES } from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import { evolvePost, initialPostState, type PostEvent, type PostState } from './post';

/**
 * Who acts (metadata.actorId) and the facts about them in the post's group, read by the handler
 * from the read models (as care-updates passes `actorIsPrimary`): the decider stays pure.
 */
export interface Actor {
  isMember: boolean;
  /** Group role moderator or admin, or a super_admin user. */
  isModerator: boolean;
  /** ISO 8601, or null when not muted. A mute that has ended is as good as none. */
  mutedUntil: string | null;
}

type Of<Type extends string, Data> = { type: Type; postId: string; actor: Actor; metadata: CommandMetadata } & Data;

export interface PostInput {
  title: unknown;
  body: unknown;
  isAnonymous?: unknown;
}
export interface CommentInput {
  body: unknown;
  parentCommentId?: unknown;
  isAnonymous?: unknown;
}

export type PostCommand =
  | Of<'CreatePost', { groupId: string; input: PostInput }>
  | Of<'AddComment', { commentId: string; input: CommentInput }>
  /** By its author: deleted (a reason is optional and not kept); by a moderator: removed, with a reason. */
  | Of<'RemovePost', { reason?: unknown }>
  | Of<'RemoveComment', { commentId: string; reason?: unknown }>
  | Of<'PinPost', { pinned: boolean }>
  | Of<'ReportContent', { commentId: string | null; reportId: string; reason: unknown }>
  | Of<'DismissReports', { reportId: string }>;

const invalid = invalidInput('COMMUNITY.INVALID');
const forbidden = (message: string) => new DomainError('COMMUNITY.FORBIDDEN', 'forbidden', message);
const postNotFound = () => new DomainError('COMMUNITY.POST_NOT_FOUND', 'not_found', TEXT.postNotFound);
const commentNotFound = () => new DomainError('COMMUNITY.COMMENT_NOT_FOUND', 'not_found', TEXT.commentNotFound);

/** Time in a muted member's message: "2026-12-06 18:00 UTC". */
export const muteEndText = (until: string) => `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Text trimmed, 1 to `max` characters, without NUL or lone surrogates: what every projection can store. */
function text(value: unknown, field: string, max: number, messages: { required: string; tooLong: string }): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, messages.required);
  if (!isSafeText(value)) throw invalid(field, `${field} ${VALIDATION_MESSAGES.unsafeText}`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalid(field, messages.tooLong);
  return trimmed;
}

function flag(value: unknown, field: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(field, `${field} must be true or false`);
  return value;
}

const reasonText = (value: unknown) => text(value, 'reason', COMMUNITY_LIMITS.reasonMax, { required: TEXT.reasonRequired, tooLong: TEXT.reasonTooLong });

/** Reading and writing a group's posts is for its members (super_admins moderate without joining). */
function mayRead(actor: Actor) {
  if (!actor.isMember && !actor.isModerator) throw forbidden(TEXT.membersOnly);
}

/** Posting, commenting, reacting: members who are not muted. */
export function assertMayWrite(actor: Actor, at: string): void {
  if (!actor.isMember) throw forbidden(TEXT.membersOnly);
  if (actor.mutedUntil !== null && Date.parse(actor.mutedUntil) > Date.parse(at)) {
    throw new DomainError('COMMUNITY.MUTED', 'forbidden', TEXT.mutedUntil(muteEndText(actor.mutedUntil)), undefined, { mutedUntil: actor.mutedUntil });
  }
}

function moderate(actor: Actor) {
  if (!actor.isModerator) throw forbidden(TEXT.moderatorsOnly);
}

/**
 * The rules of a post and its thread: members only; muted members read but do not write; input a
 * projection can store (validated before any event); one level of replies; at most 1000 comments;
 * authors delete their own, moderators remove anyone's with a reason; pins and dismissals by
 * moderators; one open report per user and target (again: nothing new). A post or comment that is
 * gone is not found for everything but reading.
 */
export function decidePost(command: PostCommand, state: PostState): PostEvent[] {
  const { actorId, occurredAt: at } = command.metadata;
  if (actorId === null) throw forbidden(TEXT.membersOnly);
  const { actor, postId } = command;
  if (command.type === 'CreatePost') {
    assertMayWrite(actor, at);
    const title = text(command.input.title, 'title', COMMUNITY_LIMITS.titleMax, { required: TEXT.titleRequired, tooLong: TEXT.titleTooLong });
    const body = text(command.input.body, 'body', COMMUNITY_LIMITS.bodyMax, { required: TEXT.bodyRequired, tooLong: TEXT.bodyTooLong });
    const isAnonymous = flag(command.input.isAnonymous, 'isAnonymous');
    if (state.post) return []; // the same request again
    return [{ type: 'PostCreated', data: { groupId: command.groupId, postId, authorId: actorId, title, body, isAnonymous, createdAt: at } }];
  }
  const post = state.post;
  if (!post || post.gone) throw postNotFound();
  const { groupId } = post;
  mayRead(actor);
  switch (command.type) {
    case 'AddComment': {
      assertMayWrite(actor, at);
      const { commentId, input } = command;
      const body = text(input.body, 'body', COMMUNITY_LIMITS.commentMax, { required: TEXT.bodyRequired, tooLong: TEXT.commentTooLong });
      const isAnonymous = flag(input.isAnonymous, 'isAnonymous');
      let parentCommentId: string | null = null;
      if (input.parentCommentId !== undefined && input.parentCommentId !== null) {
        const parent = typeof input.parentCommentId === 'string' ? state.comments[input.parentCommentId] : undefined;
        if (!parent || parent.parentCommentId !== null) throw invalid('parentCommentId', TEXT.badParent);
        parentCommentId = input.parentCommentId as string;
      }
      if (state.comments[commentId]) return [];
      if (Object.keys(state.comments).length >= COMMUNITY_LIMITS.commentsPerPost) throw invalid('body', TEXT.tooManyComments);
      return [{ type: 'CommentAdded', data: { groupId, postId, commentId, parentCommentId, authorId: actorId, body, isAnonymous, createdAt: at } }];
    }
    case 'RemovePost': {
      if (post.authorId === actorId) return [{ type: 'PostDeleted', data: { groupId, postId, authorId: post.authorId, deletedAt: at } }];
      if (!actor.isModerator) throw forbidden(TEXT.notYours);
      const reason = reasonText(command.reason);
      return [{ type: 'PostRemoved', data: { groupId, postId, authorId: post.authorId, removedBy: actorId, reason, removedAt: at } }];
    }
    case 'RemoveComment': {
      const { commentId } = command;
      const comment = state.comments[commentId];
      if (!comment || comment.gone) throw commentNotFound();
      if (comment.authorId === actorId) return [{ type: 'CommentDeleted', data: { groupId, postId, commentId, authorId: comment.authorId, deletedAt: at } }];
      if (!actor.isModerator) throw forbidden(TEXT.notYours);
      const reason = reasonText(command.reason);
      return [{ type: 'CommentRemoved', data: { groupId, postId, commentId, authorId: comment.authorId, removedBy: actorId, reason, removedAt: at } }];
    }
    case 'PinPost': {
      moderate(actor);
      if (post.pinned === command.pinned) return [];
      return command.pinned
        ? [{ type: 'PostPinned', data: { groupId, postId, pinnedBy: actorId, pinnedAt: at } }]
        : [{ type: 'PostUnpinned', data: { groupId, postId, unpinnedBy: actorId, unpinnedAt: at } }];
    }
    case 'ReportContent': {
      if (!actor.isMember) throw forbidden(TEXT.membersOnly);
      const { commentId, reportId } = command;
      if (commentId !== null && (!state.comments[commentId] || state.comments[commentId].gone)) throw commentNotFound();
      const reason = reasonText(command.reason);
      const open = Object.values(state.openReports).some((report) => report.reporterId === actorId && report.commentId === commentId);
      if (open || state.openReports[reportId]) return [];
      return [{ type: 'ContentReported', data: { groupId, postId, commentId, reportId, reporterId: actorId, reason, reportedAt: at } }];
    }
    case 'DismissReports': {
      moderate(actor);
      const report = state.openReports[command.reportId];
      if (!report) return []; // dismissed already
      const reportIds = Object.values(state.openReports)
        .filter((open) => open.commentId === report.commentId)
        .map((open) => open.reportId);
      return [{ type: 'ReportsDismissed', data: { groupId, postId, commentId: report.commentId, reportIds, dismissedBy: actorId, dismissedAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  decide: decidePost,
  evolve: evolvePost,
  initialState: initialPostState,
};
