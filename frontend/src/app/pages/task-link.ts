import type { Task } from '@carecircle/libs';

/**
 * Today's deep link to a task: `/?child={childId}&date={yyyy-mm-dd}&task={taskId}` shows that
 * recipient on that day with the task's details open. `/tasks/{taskId}` (`taskPath`, what the
 * notification centre and a push click open) resolves the task and lands here.
 */
export const TASK_LINK_PARAMS = { child: 'child', date: 'date', task: 'task' } as const;

export const todayPathFor = (task: Pick<Task, 'id' | 'childId' | 'scheduledDate'>) =>
  `/?${new URLSearchParams({ [TASK_LINK_PARAMS.child]: task.childId, [TASK_LINK_PARAMS.date]: task.scheduledDate, [TASK_LINK_PARAMS.task]: task.id })}`;
