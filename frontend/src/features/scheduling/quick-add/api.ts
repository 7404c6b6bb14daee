import type {
  CreatedTemplate,
  RepeatingTaskInput,
  Task,
  TaskInput,
  TaskTemplateInput,
  TaskUpdateInput,
} from '@carecircle/libs';
import { baseApi } from '../../../app/base-api';
import { taskTags } from '../api';

const enc = encodeURIComponent;

/** Quick-add writes (docs/scheduling.md); each refreshes the recipient's task lists, progress and achievements. */
export const quickAddApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/children/{childId}/tasks: one task per time (or one appointment); answers the list. */
    createTasks: build.mutation<Task[], { childId: string; input: TaskInput }>({
      query: ({ childId, input }) => ({ url: `children/${enc(childId)}/tasks`, method: 'POST', body: input }),
      invalidatesTags: (_result, _error, { childId }) => taskTags(childId),
    }),
    /** POST /api/children/{childId}/task-templates: template mode. */
    createTaskTemplate: build.mutation<CreatedTemplate, { childId: string; input: TaskTemplateInput }>({
      query: ({ childId, input }) => ({ url: `children/${enc(childId)}/task-templates`, method: 'POST', body: input }),
      invalidatesTags: (_result, _error, { childId }) => taskTags(childId),
    }),
    /** POST /api/repeating-tasks: a repeating daily task (template plus today's occurrences). */
    createRepeatingTask: build.mutation<CreatedTemplate, RepeatingTaskInput>({
      query: (input) => ({ url: 'repeating-tasks', method: 'POST', body: input }),
      invalidatesTags: (_result, _error, { childId }) => taskTags(childId),
    }),
    /** PUT /api/tasks/{id}: edit a task or an appointment; only the fields sent change. */
    updateTask: build.mutation<Task, { task: Task; input: TaskUpdateInput }>({
      query: ({ task, input }) => ({ url: `tasks/${enc(task.id)}`, method: 'PUT', body: input }),
      invalidatesTags: (_result, _error, { task }) => [...taskTags(task.childId), { type: 'TaskHistory', id: task.id }],
    }),
  }),
});

export const {
  useCreateTasksMutation,
  useCreateTaskTemplateMutation,
  useCreateRepeatingTaskMutation,
  useUpdateTaskMutation,
} = quickAddApi;
