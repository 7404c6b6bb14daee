import type { CommentView, GroupDetail, PostDetail, PostPage, PostView, ReactionToggleResult, ReactionType, ReportView, SupportGroup } from '@carecircle/libs';
import { baseApi, useGetGroupsQuery } from '../../app/base-api';

/** What a post, comment or report changes: its group's list and, when known, the open post. */
const postTags = (groupId: string, postId?: string) => [{ type: 'GroupPosts' as const, id: groupId }, ...(postId ? [{ type: 'Post' as const, id: postId }] : [])];

/** What a mute or unmute changes: the group, its list and every open post (the author's items say until when). */
const muteTags = (groupId: string) => [{ type: 'Group' as const, id: groupId }, { type: 'GroupPosts' as const, id: groupId }, 'Post' as const];

export interface NewPost {
  groupId: string;
  title: string;
  body: string;
  isAnonymous: boolean;
}
export interface NewComment {
  groupId: string;
  postId: string;
  body: string;
  parentCommentId?: string;
  isAnonymous: boolean;
}
/** A post or a comment, with the post and group it is in (for the tags it changes). */
export interface Target {
  kind: 'post' | 'comment';
  id: string;
  postId: string;
  groupId: string;
}

/**
 * Support groups and their conversations (spec document 3, Groups calls; /work/community-contract.md;
 * docs/community.md). Joining or leaving reads the lists, the group and its posts again; a post,
 * comment, reaction, pin or removal reads the group's posts and the open post again, as the live
 * updates do for other members' changes.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user/groups: the groups the user has joined. */
    getMyGroups: build.query<SupportGroup[], void>({ query: () => 'user/groups', providesTags: ['Group'] }),
    /** POST /api/groups/{id}/join: joining again changes nothing. */
    joinGroup: build.mutation<SupportGroup, string>({
      query: (id) => ({ url: `groups/${id}/join`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => ['Group', { type: 'GroupPosts', id }],
    }),
    /** DELETE /api/groups/{id}/leave. */
    leaveGroup: build.mutation<void, string>({ query: (id) => ({ url: `groups/${id}/leave`, method: 'DELETE' }), invalidatesTags: ['Group'] }),
    /** GET /api/groups/{id}: the group as the user sees it (member, role, muted, may moderate). */
    getGroup: build.query<GroupDetail, string>({ query: (id) => `groups/${id}`, providesTags: (_result, _error, id) => [{ type: 'Group', id }] }),
    /** GET /api/groups/{id}/posts?cursor: pinned first, then newest; pages of 20 until `next` is null. Members only. */
    getGroupPosts: build.infiniteQuery<PostPage, string, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.next },
      query: ({ queryArg, pageParam }) => `groups/${queryArg}/posts${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      providesTags: (_result, _error, groupId) => [{ type: 'GroupPosts', id: groupId }],
    }),
    /** POST /api/groups/{id}/posts. */
    createPost: build.mutation<PostView, NewPost>({
      query: ({ groupId, ...body }) => ({ url: `groups/${groupId}/posts`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { groupId }) => postTags(groupId),
    }),
    /** GET /api/posts/{id}: the post with its comments, oldest first, replies nested. */
    getPost: build.query<PostDetail, string>({ query: (id) => `posts/${id}`, providesTags: (_result, _error, id) => [{ type: 'Post', id }] }),
    /** POST /api/posts/{id}/comments: a comment, or a reply to a top-level comment. */
    addComment: build.mutation<CommentView, NewComment>({
      query: ({ postId, groupId: _groupId, ...body }) => ({ url: `posts/${postId}/comments`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { groupId, postId }) => postTags(groupId, postId),
    }),
    /** PUT /api/reactions: toggles one reaction of the user on a post or comment. */
    toggleReaction: build.mutation<ReactionToggleResult, Target & { reactionType: ReactionType }>({
      query: ({ kind, id, reactionType }) => ({ url: 'reactions', method: 'PUT', body: { [kind === 'post' ? 'postId' : 'commentId']: id, reactionType } }),
      invalidatesTags: (_result, _error, { groupId, postId }) => postTags(groupId, postId),
    }),
    /** POST /api/posts/{id}/report or /api/comments/{id}/report: once per user and target. */
    report: build.mutation<void, Target & { reason: string }>({
      query: ({ kind, id, reason }) => ({ url: `${kind}s/${id}/report`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { groupId }) => [{ type: 'GroupReports', id: groupId }],
    }),
    /** DELETE /api/posts/{id} or /api/comments/{id}: the author's own, or a moderator's removal with a reason. */
    remove: build.mutation<void, Target & { reason?: string }>({
      query: ({ kind, id, reason }) => ({ url: `${kind}s/${id}`, method: 'DELETE', body: reason ? { reason } : {} }),
      invalidatesTags: (_result, _error, { groupId, postId }) => [...postTags(groupId, postId), { type: 'GroupReports', id: groupId }],
    }),
    /** POST or DELETE /api/posts/{id}/pin (moderators). */
    setPinned: build.mutation<PostView | void, { groupId: string; postId: string; pinned: boolean }>({
      query: ({ postId, pinned }) => ({ url: `posts/${postId}/pin`, method: pinned ? 'POST' : 'DELETE' }),
      invalidatesTags: (_result, _error, { groupId, postId }) => postTags(groupId, postId),
    }),
    /**
     * POST /api/groups/{id}/members/{userId}/mute (moderators): until a date-time, at most a year ahead.
     * The group and its posts are read again: moderators see `authorMutedUntil` on the author's every item.
     */
    muteMember: build.mutation<{ userId: string; mutedUntil: string }, { groupId: string; userId: string; until: string }>({
      query: ({ groupId, userId, until }) => ({ url: `groups/${groupId}/members/${userId}/mute`, method: 'POST', body: { until } }),
      invalidatesTags: (_result, _error, { groupId }) => muteTags(groupId),
    }),
    /** DELETE /api/groups/{id}/members/{userId}/mute (moderators): the member may write again. */
    unmuteMember: build.mutation<void, { groupId: string; userId: string }>({
      query: ({ groupId, userId }) => ({ url: `groups/${groupId}/members/${userId}/mute`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { groupId }) => muteTags(groupId),
    }),
    /** GET /api/groups/{id}/reports: open reports, newest first (moderators). */
    getReports: build.query<ReportView[], string>({ query: (id) => `groups/${id}/reports`, providesTags: (_result, _error, id) => [{ type: 'GroupReports', id }] }),
    /** DELETE /api/reports/{id}: dismisses a report (moderators). */
    dismissReport: build.mutation<void, { groupId: string; reportId: string }>({
      query: ({ reportId }) => ({ url: `reports/${reportId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { groupId }) => [{ type: 'GroupReports', id: groupId }],
    }),
  }),
});

export { useGetGroupsQuery };
export const {
  useGetMyGroupsQuery,
  useJoinGroupMutation,
  useLeaveGroupMutation,
  useGetGroupQuery,
  useGetGroupPostsInfiniteQuery,
  useCreatePostMutation,
  useGetPostQuery,
  useAddCommentMutation,
  useToggleReactionMutation,
  useReportMutation,
  useRemoveMutation,
  useSetPinnedMutation,
  useMuteMemberMutation,
  useUnmuteMemberMutation,
  useGetReportsQuery,
  useDismissReportMutation,
} = api;
