import { isOverdue, TASK_MESSAGES, type Child, type Task, type TaskTemplate } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { DomainError } from '../../../platform/commands/domain-error';
import type { TaskState } from '../domain/task';
import type { DailyTasksQuery } from '../read-models/daily-tasks/daily-tasks.query';
import type { CreatedTemplates } from './task-template-creation';

/**
 * What a command on one task answers: the task as the read model shows it at the command's time
 * (the command returns once its events are projected). A task removed meanwhile is a 404.
 */
export async function taskAnswer(tasks: DailyTasksQuery, taskId: string, metadata: CommandMetadata): Promise<Task> {
  const task = await tasks.byId(taskId, new Date(metadata.occurredAt));
  if (!task) throw new DomainError('SCHEDULING.TASK_NOT_FOUND', 'not_found', TASK_MESSAGES.notFound);
  return task;
}

/**
 * The same answer as taskAnswer without reading it back: the task as the decided state has it once
 * its events are applied (the stream is the truth the read model follows), with the recipient the
 * access guard read and the name of the caregiver who completed it (the caller: the only one a
 * completion by this command can name). Completing and unticking answer this way: one read and two
 * round trips fewer on the commands caregivers send most. A task no longer live is a 404.
 */
export function taskFromState(state: TaskState, child: Pick<Child, 'name'>, completedByName: string | null, now: Date): Task {
  if (state.status !== 'pending' && state.status !== 'completed') throw new DomainError('SCHEDULING.TASK_NOT_FOUND', 'not_found', TASK_MESSAGES.notFound);
  const { details, schedule } = state;
  const scheduledTime = new Date(schedule.scheduledTime).toISOString();
  const overdue = isOverdue({ status: state.status, scheduledTime }, now);
  return {
    id: state.taskId,
    childId: state.childId,
    childName: child.name,
    templateId: state.scheduled.templateId,
    name: details.name,
    description: details.description,
    category: details.category,
    status: state.status,
    scheduledDate: schedule.scheduledDate,
    scheduledTime,
    localTime: schedule.localTime,
    timezone: schedule.timezone,
    completedAt: state.completedAt ? new Date(state.completedAt).toISOString() : null,
    completedBy: state.completedBy,
    completedByName: state.completedBy ? completedByName : null,
    notes: state.notes,
    isUrgent: details.isUrgent,
    priority: details.priority,
    medicationId: details.medicationId,
    imageUrl: details.imageUrl,
    timeSlot: details.timeSlot,
    taskGroupId: details.taskGroupId,
    timeSpecificNotes: details.timeSpecificNotes,
    appointmentDetails: details.appointmentDetails,
    isOverdue: overdue,
    isUrgentOverdue: overdue && details.isUrgent,
  };
}

/** What the template routes answer (201): the templates and the tasks they made for today. */
export async function createdAnswer(tasks: DailyTasksQuery, childId: string, created: CreatedTemplates, now: Date): Promise<{ templates: TaskTemplate[]; tasks: Task[] }> {
  const ids = new Set(created.taskIds);
  const todays = (await tasks.onDate([childId], created.today, now)).filter((t) => ids.has(t.id));
  return { templates: created.templates, tasks: todays };
}
