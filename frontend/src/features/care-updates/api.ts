import type { CareUpdate, CareUpdateInput, CareUpdatePage, CareUpdateVersion } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/**
 * Care updates (docs/care-updates.md). `{type: 'CareUpdate', id: childId}` tags a recipient's
 * journal (every page of it); the live topic `care-updates` makes it stale when someone else posts.
 * An important update notifies the others, never the author, so no mutation touches 'Notification'.
 */
const enc = encodeURIComponent;
const journal = (childId: string) => [{ type: 'CareUpdate' as const, id: childId }];

export const careUpdatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/children/{childId}/updates, newest first; "Show more" fetches the next page by its cursor. */
    getCareUpdates: build.infiniteQuery<CareUpdatePage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ queryArg: childId, pageParam }) => `children/${enc(childId)}/updates${pageParam ? `?cursor=${enc(pageParam)}` : ''}`,
      providesTags: (_result, _error, childId) => journal(childId),
    }),
    getCareUpdateHistory: build.query<CareUpdateVersion[], string>({
      query: (id) => `updates/${enc(id)}/history`,
      providesTags: (_result, _error, id) => [{ type: 'CareUpdate', id: `history-${id}` }],
    }),
    postCareUpdate: build.mutation<CareUpdate, { childId: string; input: CareUpdateInput }>({
      query: ({ childId, input }) => ({ url: `children/${enc(childId)}/updates`, method: 'POST', body: input }),
      invalidatesTags: (_result, _error, { childId }) => journal(childId),
    }),
    editCareUpdate: build.mutation<CareUpdate, { update: CareUpdate; input: CareUpdateInput }>({
      query: ({ update, input }) => ({ url: `updates/${enc(update.id)}`, method: 'PUT', body: input }),
      invalidatesTags: (_result, _error, { update }) => [...journal(update.childId), { type: 'CareUpdate', id: `history-${update.id}` }],
    }),
    removeCareUpdate: build.mutation<void, CareUpdate>({
      query: (update) => ({ url: `updates/${enc(update.id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, update) => journal(update.childId),
    }),
  }),
});

export const {
  useGetCareUpdatesInfiniteQuery,
  useGetCareUpdateHistoryQuery,
  usePostCareUpdateMutation,
  useEditCareUpdateMutation,
  useRemoveCareUpdateMutation,
} = careUpdatesApi;
