import type { Achievement, Page, Progress, Task, TaskHistoryEntry } from '@carecircle/libs';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../app/base-api';

/**
 * Daily care endpoints (docs/scheduling.md). Tags, so that a change refreshes exactly what it touches:
 * - `{type: 'Task', id: childId}` for every task list of a recipient (day, range); `'Task'` LIST for all;
 * - `{type: 'TaskHistory', id: taskId}`; `{type: 'Progress', id: childId}`;
 * - `'Achievement'` and `'Notification'` (the user's whole list).
 * Task-creating mutations (quick add, calendar) invalidate `taskTags(childId)`.
 */
const TASK_LIST = { type: 'Task', id: 'LIST' } as const;

/** What a change to one recipient's tasks makes stale: its task lists, its progress, achievements, medication stock (dose tasks). */
export const taskTags = (childId: string) =>
  [
    { type: 'Task' as const, id: childId },
    { type: 'Progress' as const, id: childId },
    'Achievement' as const,
    { type: 'Medication' as const, id: childId },
  ];

const enc = encodeURIComponent;

/** What completing or undoing needs of a task (a queued action keeps only these). */
type TaskRef = Pick<Task, 'id' | 'childId'>;

export const schedulingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/tasks?childId&date: one day, overdue first, then pending, then completed. */
    getTasksForDay: build.query<Task[], { childId: string; date: string }>({
      query: ({ childId, date }) => `tasks?childId=${enc(childId)}&date=${enc(date)}`,
      providesTags: (_result, _error, { childId }) => [TASK_LIST, { type: 'Task', id: childId }],
    }),
    /** GET /api/children/{id}/tasks?startDate&endDate (both included). */
    getChildTasksInRange: build.query<Task[], { childId: string; startDate: string; endDate: string }>({
      query: ({ childId, startDate, endDate }) =>
        `children/${enc(childId)}/tasks?startDate=${enc(startDate)}&endDate=${enc(endDate)}`,
      providesTags: (_result, _error, { childId }) => [TASK_LIST, { type: 'Task', id: childId }],
    }),
    /** GET /api/tasks/{id}/history, oldest first, a page at a time ("Load more" fetches the next by its cursor). */
    getTaskHistory: build.infiniteQuery<Page<TaskHistoryEntry>, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ queryArg: taskId, pageParam }) => `tasks/${enc(taskId)}/history${pageParam ? `?cursor=${enc(pageParam)}` : ''}`,
      providesTags: (_result, _error, taskId) => [{ type: 'TaskHistory', id: taskId }],
    }),
    /** GET /api/progress?childId&date: the numbers of the day shown. */
    getProgress: build.query<Progress, { childId: string; date: string }>({
      query: ({ childId, date }) => `progress?childId=${enc(childId)}&date=${enc(date)}`,
      providesTags: (_result, _error, { childId }) => [{ type: 'Progress', id: childId }],
    }),
    getAchievements: build.query<Achievement[], void>({
      query: () => 'achievements',
      providesTags: ['Achievement'],
    }),

    /**
     * PUT /api/tasks/{id}/complete; a 409 means another caregiver already completed it. A completion
     * sent from the offline queue names its own Idempotency-Key, the same on every attempt.
     */
    completeTask: build.mutation<Task, { task: TaskRef; notes?: string; idempotencyKey?: string }>({
      query: ({ task, notes, idempotencyKey }) => ({
        url: `tasks/${enc(task.id)}/complete`,
        method: 'PUT',
        body: notes?.trim() ? { notes: notes.trim() } : {},
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
      // Invalidated on failure too: a 409 means the card is out of date.
      invalidatesTags: (_result, _error, { task }) => [
        ...taskTags(task.childId),
        { type: 'TaskHistory', id: task.id },
        'Notification',
      ],
      onQueryStarted: ({ task }, api): Promise<void> => showAnswer(task, api),
    }),
    uncompleteTask: build.mutation<Task, { task: TaskRef; idempotencyKey?: string }>({
      query: ({ task, idempotencyKey }) => ({
        url: `tasks/${enc(task.id)}/uncomplete`,
        method: 'PUT',
        body: {},
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
      invalidatesTags: (_result, _error, { task }) => [...taskTags(task.childId), { type: 'TaskHistory', id: task.id }],
      onQueryStarted: ({ task }, api): Promise<void> => showAnswer(task, api),
    }),
    /** DELETE /api/tasks/{id} with the required reason; permanent. */
    removeTask: build.mutation<void, { task: Task; reason: string }>({
      query: ({ task, reason }) => ({ url: `tasks/${enc(task.id)}`, method: 'DELETE', body: { reason } }),
      invalidatesTags: (_result, _error, { task }) => [
        ...taskTags(task.childId),
        { type: 'TaskHistory', id: task.id },
        'Notification',
      ],
    }),
  }),
});

type SchedulingState = Parameters<typeof schedulingApi.util.selectInvalidatedBy>[0];

/**
 * The task as the server answered a completion or an undo, put at once into the recipient's day and
 * range lists that hold it: on a slow phone the tick shows one round trip sooner than through the
 * lists' reading again, which still follows (the order, progress, stock).
 */
async function showAnswer(
  task: TaskRef,
  { dispatch, getState, queryFulfilled }: {
    dispatch: ThunkDispatch<SchedulingState, unknown, UnknownAction>;
    getState: () => SchedulingState;
    queryFulfilled: Promise<{ data: Task }>;
  },
): Promise<void> {
  let answer: Task;
  try {
    ({ data: answer } = await queryFulfilled);
  } catch {
    return; // the lists are read again: the error's own answer
  }
  const replace = (tasks: Task[]) => tasks.map((each) => (each.id === answer.id ? answer : each));
  for (const { endpointName, originalArgs } of schedulingApi.util.selectInvalidatedBy(getState(), [{ type: 'Task', id: task.childId }])) {
    if (endpointName === 'getTasksForDay') dispatch(schedulingApi.util.updateQueryData('getTasksForDay', originalArgs as { childId: string; date: string }, replace));
    if (endpointName === 'getChildTasksInRange')
      dispatch(schedulingApi.util.updateQueryData('getChildTasksInRange', originalArgs as { childId: string; startDate: string; endDate: string }, replace));
  }
}

export const {
  useGetTasksForDayQuery,
  useGetChildTasksInRangeQuery,
  useGetTaskHistoryInfiniteQuery,
  useGetProgressQuery,
  useGetAchievementsQuery,
  useCompleteTaskMutation,
  useUncompleteTaskMutation,
  useRemoveTaskMutation,
} = schedulingApi;
