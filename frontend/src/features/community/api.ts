import type { SupportGroup } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/** Support groups (spec document 3, Groups calls; docs/community.md). Joining or leaving reads both lists again. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/groups: every group, each saying whether the user is a member. */
    getGroups: build.query<SupportGroup[], void>({ query: () => 'groups', providesTags: ['Group'] }),
    /** GET /api/user/groups: the groups the user has joined. */
    getMyGroups: build.query<SupportGroup[], void>({ query: () => 'user/groups', providesTags: ['Group'] }),
    /** POST /api/groups/{id}/join: joining again changes nothing. */
    joinGroup: build.mutation<SupportGroup, string>({ query: (id) => ({ url: `groups/${id}/join`, method: 'POST' }), invalidatesTags: ['Group'] }),
    /** DELETE /api/groups/{id}/leave. */
    leaveGroup: build.mutation<void, string>({ query: (id) => ({ url: `groups/${id}/leave`, method: 'DELETE' }), invalidatesTags: ['Group'] }),
  }),
});

export const { useGetGroupsQuery, useGetMyGroupsQuery, useJoinGroupMutation, useLeaveGroupMutation } = api;
