import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { taskStream, type TaskEvent, type TaskState } from '../domain/task';
import { taskDecider, type TaskCommand } from '../domain/task.decide';

/**
 * Every task command goes to the task's stream `task-{taskId}`; the decider holds the rules. Answers
 * once the projections show the change. Templates' materialisation sends ScheduleTask here too.
 */
export class ExecuteTaskCommand {
  constructor(
    readonly taskId: string,
    readonly command: TaskCommand,
  ) {}
}

@CommandHandler(ExecuteTaskCommand)
export class TaskCommandHandler implements ICommandHandler<ExecuteTaskCommand> {
  constructor(private readonly streams: EventSourcedStreams) {}

  execute({ taskId, command }: ExecuteTaskCommand): Promise<{ events: TaskEvent[]; state: TaskState }> {
    return this.streams.execute(taskStream(taskId), taskDecider, command);
  }
}
