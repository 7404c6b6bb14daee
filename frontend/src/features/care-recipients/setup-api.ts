import type { BulkTasksInput, CreatedBulkTasks, ParsedSchedule } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/**
 * The settings flow's extra calls (loaded with the settings screen only): schedule-text parsing and
 * the review dialog's approve. (Photo upload, POST /api/upload, is base-api.ts's uploadImage.)
 */
export const recipientSetupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/schedule/parse: the server's parse is the source of truth (400 with the spec's
     * message). Tasks' dates ("x 3 days", a taper's steps) are counted from startDate (yyyy-mm-dd).
     */
    parseSchedule: build.mutation<ParsedSchedule, { text: string; startDate: string }>({
      query: (body) => ({ url: 'schedule/parse', method: 'POST', body }),
    }),
    /**
     * POST /api/children/{childId}/tasks/bulk: each reviewed task becomes a repeating template; the
     * server finds or creates the medications of medication tasks and saves the listed ones.
     */
    createBulkTasks: build.mutation<CreatedBulkTasks, { childId: string; input: BulkTasksInput }>({
      query: ({ childId, input }) => ({
        url: `children/${encodeURIComponent(childId)}/tasks/bulk`,
        method: 'POST',
        body: input,
      }),
      invalidatesTags: (_result, _error, { childId }) => [
        { type: 'Task', id: childId },
        { type: 'Progress', id: childId },
        { type: 'Medication', id: childId },
      ],
    }),
  }),
});

export const { useParseScheduleMutation, useCreateBulkTasksMutation } = recipientSetupApi;
