import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { alreadyGivenMessage, DEFAULT_TIMEZONE, formatClockTime, instantToLocal, type TaskAlreadyCompleted } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { UsersQuery } from '../../../identity';
import { taskStream, type TaskState } from '../../domain/task';
import { SOMEONE, taskDecider } from '../../domain/task.decide';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { commandOf } from '../../../../platform/commands/command';

export class CompleteTask extends commandOf<{ taskId: string; notes: string | null }, TaskState>() {}

/**
 * Records TaskCompleted. The double-dose guard is the decider's: completing a completed task is a
 * 409 (concurrent completions store one TaskCompleted). The decider knows only the user id, so the
 * 409 is told again here with the caregiver's name and the time on the care team's clock:
 * "Already given by {name} at {time}".
 */
@CommandHandler(CompleteTask)
export class CompleteTaskHandler implements ICommandHandler<CompleteTask> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly tasks: DailyTasksQuery,
    private readonly users: UsersQuery,
  ) {}

  /** Answers the task's state after the completion; the session's next request sees it projected (read-your-writes.ts). */
  async execute({ taskId, notes, metadata }: CompleteTask): Promise<TaskState> {
    try {
      const command = { type: 'CompleteTask' as const, data: { notes }, metadata };
      return (await this.streams.execute(taskStream(taskId), taskDecider, command, { awaitProjections: 'next-request' })).state;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'SCHEDULING.TASK_ALREADY_COMPLETED') throw await this.nameWhoCompleted(taskId, error);
      throw error;
    }
  }

  private async nameWhoCompleted(taskId: string, error: DomainError): Promise<DomainError> {
    const { completedBy, completedAt } = error.details as { completedBy: string | null; completedAt: string };
    const name = completedBy ? ((await this.users.displayNames([completedBy])).get(completedBy) ?? null) : null;
    const zone = (await this.tasks.byId(taskId, new Date(completedAt)))?.timezone ?? DEFAULT_TIMEZONE;
    const body: Omit<TaskAlreadyCompleted, 'statusCode' | 'message' | 'code'> = { completedBy, completedByName: name, completedAt };
    const message = alreadyGivenMessage(name ?? SOMEONE, formatClockTime(instantToLocal(completedAt, zone).time));
    return new DomainError(error.code, error.kind, message, undefined, body);
  }
}
