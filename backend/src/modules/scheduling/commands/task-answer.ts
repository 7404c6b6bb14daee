import { TASK_MESSAGES, type Task } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { DomainError } from '../../../platform/commands/domain-error';
import type { DailyTasksQuery } from '../read-models/daily-tasks/daily-tasks.query';

/**
 * What a command on one task answers: the task as the read model shows it at the command's time
 * (the command returns once its events are projected). A task removed meanwhile is a 404.
 */
export async function taskAnswer(tasks: DailyTasksQuery, taskId: string, metadata: CommandMetadata): Promise<Task> {
  const task = await tasks.byId(taskId, new Date(metadata.occurredAt));
  if (!task) throw new DomainError('SCHEDULING.TASK_NOT_FOUND', 'not_found', TASK_MESSAGES.notFound);
  return task;
}
