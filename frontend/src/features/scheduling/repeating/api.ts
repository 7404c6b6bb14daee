import type { RepeatingTaskChangeInput, TaskTemplate } from '@carecircle/libs';
import { baseApi } from '../../../app/base-api';
import { taskTags } from '../api';

const enc = encodeURIComponent;
const tags = (childId: string) => [{ type: 'RepeatingTask' as const, id: childId }, ...taskTags(childId)];

/**
 * Repeating schedules (docs/scheduling.md, "Repeating schedules"). A change also changes the
 * recipient's task lists (planned days, today's occurrences) and so their tags.
 */
export const repeatingTasksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRepeatingTasks: build.query<TaskTemplate[], string>({
      query: (childId) => `children/${enc(childId)}/repeating-tasks`,
      providesTags: (_result, _error, childId) => [{ type: 'RepeatingTask', id: childId }],
    }),
    changeRepeatingTask: build.mutation<TaskTemplate, { template: TaskTemplate; change: RepeatingTaskChangeInput }>({
      query: ({ template, change }) => ({ url: `repeating-tasks/${enc(template.id)}`, method: 'PUT', body: change }),
      invalidatesTags: (_result, _error, { template }) => [...tags(template.childId), 'TaskHistory'],
    }),
    pauseRepeatingTask: build.mutation<TaskTemplate, { template: TaskTemplate; pause: boolean }>({
      query: ({ template, pause }) => ({ url: `repeating-tasks/${enc(template.id)}/${pause ? 'pause' : 'resume'}`, method: 'POST', body: {} }),
      invalidatesTags: (_result, _error, { template }) => [...tags(template.childId), 'TaskHistory'],
    }),
    stopRepeatingTask: build.mutation<void, { template: TaskTemplate; reason: string }>({
      query: ({ template, reason }) => ({ url: `repeating-tasks/${enc(template.id)}`, method: 'DELETE', body: { reason } }),
      invalidatesTags: (_result, _error, { template }) => [...tags(template.childId), 'TaskHistory'],
    }),
  }),
});

export const { useGetRepeatingTasksQuery, useChangeRepeatingTaskMutation, usePauseRepeatingTaskMutation, useStopRepeatingTaskMutation } =
  repeatingTasksApi;
