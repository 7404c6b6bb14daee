import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { ProjectionRunner } from '../../../../platform/projections/projection-runner';
import { taskStream, type TaskDetails } from '../../domain/task';
import { taskDecider } from '../../domain/task.decide';
import { commandOf } from '../../../../platform/commands/command';

/** A task another module generates (prayer tasks): its id is derived by that module, so making it twice records nothing. */
export interface PlannedTask {
  taskId: string;
  childId: string;
  details: Omit<TaskDetails, 'appointmentDetails'>;
  scheduledDate: string;
  localTime: string;
  timezone: string;
}

/** What to do to bring generated tasks in line: make, move (new date, time or zone) and remove. */
export interface TaskPlan {
  schedule: PlannedTask[];
  move: { taskId: string; scheduledDate: string; localTime: string; timezone: string }[];
  remove: { taskId: string; reason: string }[];
}

/**
 * Carries out a plan of generated tasks through the task decider, like the recurring-tasks job does
 * for template occurrences: one stream per task, no table written directly, so a rebuild gives what
 * the live run gave. Generated tasks are made without the tasks-a-day count (as a schedule's
 * occurrences are): the generating module states its own bound. A task that exists in another form
 * (e.g. removed by the family) is left as it is; one removed meanwhile is not moved or removed again.
 * `metadata.actorId` is the caregiver whose setting the tasks follow (removal and moves need one).
 */
export class ApplyTaskPlan extends commandOf<{ plan: TaskPlan; /** Workers pass false: nobody reads back what they record (default true). */ awaitProjections?: boolean }, { scheduled: number; moved: number; removed: number }>() {}

const gone = (error: unknown, ...codes: string[]) => error instanceof DomainError && codes.includes(error.code);

@CommandHandler(ApplyTaskPlan)
export class ApplyTaskPlanHandler implements ICommandHandler<ApplyTaskPlan, { scheduled: number; moved: number; removed: number }> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly projections: ProjectionRunner,
  ) {}

  async execute({ plan, metadata, awaitProjections = true }: ApplyTaskPlan): Promise<{ scheduled: number; moved: number; removed: number }> {
    const result = { scheduled: 0, moved: 0, removed: 0 };
    // Each stream is written without waiting; the caller waits once, for the last of them (a plan holds
    // up to five tasks per recipient). A task that another run (the job) made a moment ago records
    // nothing here: its stream's last event is waited for too, so the next read sees every planned task.
    const untouched: string[] = [];
    let last = -1n;
    const run = async (streamId: string, command: Parameters<typeof taskDecider.decide>[0]) => {
      const { events, position } = await this.streams.execute(streamId, taskDecider, command, { awaitProjections: false });
      if (position !== undefined && position > last) last = position;
      return events;
    };
    for (const { taskId, reason } of plan.remove) {
      try {
        result.removed += (await run(taskStream(taskId), { type: 'RemoveTask', data: { reason }, metadata })).length;
      } catch (error) {
        if (!gone(error, 'SCHEDULING.TASK_ALREADY_REMOVED', 'SCHEDULING.TASK_NOT_FOUND')) throw error;
      }
    }
    for (const { taskId, scheduledDate, localTime, timezone } of plan.move) {
      try {
        const command = { type: 'UpdateTask' as const, data: { changes: { scheduledDate, localTime }, timezone }, metadata };
        result.moved += (await run(taskStream(taskId), command)).length;
      } catch (error) {
        if (!gone(error, 'SCHEDULING.TASK_ALREADY_REMOVED', 'SCHEDULING.TASK_NOT_FOUND')) throw error;
      }
    }
    for (const task of plan.schedule) {
      try {
        const events = await run(taskStream(task.taskId), {
          type: 'ScheduleTask',
          data: {
            taskId: task.taskId,
            childId: task.childId,
            templateId: null,
            details: { ...task.details, appointmentDetails: null },
            schedule: { scheduledDate: task.scheduledDate, localTime: task.localTime, timezone: task.timezone },
          },
          metadata,
        });
        result.scheduled += events.length;
        if (events.length === 0) untouched.push(task.taskId);
      } catch (error) {
        // The id is taken by a task in another form (removed by the family, then the times changed): leave it be.
        if (!gone(error, 'SCHEDULING.TASK_ALREADY_EXISTS')) throw error;
        untouched.push(task.taskId);
      }
    }
    if (!awaitProjections) return result;
    for (const taskId of untouched) {
      const { events } = await this.streams.load(taskStream(taskId), taskDecider);
      const position = events.at(-1)?.position;
      if (position !== undefined && position > last) last = position;
    }
    if (last >= 0n) await this.projections.waitFor({ position: last, types: ['TaskScheduled', 'TaskUpdated', 'TaskRemoved'], eventIds: [] });
    return result;
  }
}
