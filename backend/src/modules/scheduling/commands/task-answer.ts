import { TASK_MESSAGES, type Task, type TaskTemplate } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { DomainError } from '../../../platform/commands/domain-error';
import type { DailyTasksQuery } from '../read-models/daily-tasks/daily-tasks.query';
import type { CreatedTemplates } from './create-task-template/create-task-template.handler';

/**
 * What a command on one task answers: the task as the read model shows it at the command's time
 * (the command returns once its events are projected). A task removed meanwhile is a 404.
 */
export async function taskAnswer(tasks: DailyTasksQuery, taskId: string, metadata: CommandMetadata): Promise<Task> {
  const task = await tasks.byId(taskId, new Date(metadata.occurredAt));
  if (!task) throw new DomainError('SCHEDULING.TASK_NOT_FOUND', 'not_found', TASK_MESSAGES.notFound);
  return task;
}

/** What the template routes answer (201): the templates and the tasks they made for today. */
export async function createdAnswer(tasks: DailyTasksQuery, childId: string, created: CreatedTemplates, now: Date): Promise<{ templates: TaskTemplate[]; tasks: Task[] }> {
  const ids = new Set(created.taskIds);
  const todays = (await tasks.onDate([childId], created.today, now)).filter((t) => ids.has(t.id));
  return { templates: created.templates, tasks: todays };
}
