/**
 * One stream per post (`group-post-<postId>`): the post, its comments (one level of replies), pins,
 * removals by moderators (with a reason), deletions by their authors, and reports with their
 * dismissal. A comment is decided on its post's stream, so "at most 1000 comments", "the parent is
 * a top-level comment of this post" and "one open report per user and target" see every earlier
 * event of that post. Reactions have their own streams (reaction.ts): many members reacting at once
 * do not contend on the post's stream.
 *
 * Titles, bodies and reasons are personal data of whoever wrote them (community.personal-data.ts).
 */
export const postStream = (postId: string) => `group-post-${postId}`;

type OfPost = { groupId: string; postId: string };
type OfComment = OfPost & { commentId: string };

export type PostEvent =
  | { type: 'PostCreated'; data: OfPost & { authorId: string; title: string; body: string; isAnonymous: boolean; createdAt: string } }
  /** Its author deleted it: gone from every list. */
  | { type: 'PostDeleted'; data: OfPost & { authorId: string; deletedAt: string } }
  /** A moderator removed it with a reason: its author and the moderators still see it, and why. */
  | { type: 'PostRemoved'; data: OfPost & { authorId: string; removedBy: string; reason: string; removedAt: string } }
  | { type: 'PostPinned'; data: OfPost & { pinnedBy: string; pinnedAt: string } }
  | { type: 'PostUnpinned'; data: OfPost & { unpinnedBy: string; unpinnedAt: string } }
  | {
      type: 'CommentAdded';
      data: OfComment & { parentCommentId: string | null; authorId: string; body: string; isAnonymous: boolean; createdAt: string };
    }
  | { type: 'CommentDeleted'; data: OfComment & { authorId: string; deletedAt: string } }
  | { type: 'CommentRemoved'; data: OfComment & { authorId: string; removedBy: string; reason: string; removedAt: string } }
  /** `commentId` null: the post itself is reported. */
  | { type: 'ContentReported'; data: OfPost & { commentId: string | null; reportId: string; reporterId: string; reason: string; reportedAt: string } }
  /** A moderator dismissed every open report about one post or comment. */
  | { type: 'ReportsDismissed'; data: OfPost & { commentId: string | null; reportIds: string[]; dismissedBy: string; dismissedAt: string } };

export interface PostEntry {
  groupId: string;
  authorId: string;
  pinned: boolean;
  /** Deleted by its author or removed by a moderator: nothing more happens to it. */
  gone: boolean;
}

export interface CommentEntry {
  authorId: string;
  parentCommentId: string | null;
  gone: boolean;
}

export interface OpenReport {
  reportId: string;
  /** null: the post. */
  commentId: string | null;
  reporterId: string;
}

export interface PostState {
  post: PostEntry | null;
  comments: Readonly<Record<string, CommentEntry>>;
  /** Open reports by report id. */
  openReports: Readonly<Record<string, OpenReport>>;
}

export const initialPostState = (): PostState => ({ post: null, comments: {}, openReports: {} });

export function evolvePost(state: PostState, event: PostEvent): PostState {
  const post = state.post;
  switch (event.type) {
    case 'PostCreated':
      return { ...state, post: { groupId: event.data.groupId, authorId: event.data.authorId, pinned: false, gone: false } };
    case 'PostDeleted':
    case 'PostRemoved':
      return post ? { ...state, post: { ...post, gone: true } } : state;
    case 'PostPinned':
    case 'PostUnpinned':
      return post ? { ...state, post: { ...post, pinned: event.type === 'PostPinned' } } : state;
    case 'CommentAdded': {
      const { commentId, authorId, parentCommentId } = event.data;
      return { ...state, comments: { ...state.comments, [commentId]: { authorId, parentCommentId, gone: false } } };
    }
    case 'CommentDeleted':
    case 'CommentRemoved': {
      const comment = state.comments[event.data.commentId];
      return comment ? { ...state, comments: { ...state.comments, [event.data.commentId]: { ...comment, gone: true } } } : state;
    }
    case 'ContentReported': {
      const { reportId, commentId, reporterId } = event.data;
      return { ...state, openReports: { ...state.openReports, [reportId]: { reportId, commentId, reporterId } } };
    }
    case 'ReportsDismissed': {
      const openReports = { ...state.openReports };
      for (const reportId of event.data.reportIds) delete openReports[reportId];
      return { ...state, openReports };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
