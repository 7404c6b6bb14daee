import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { taskStream, type TaskState } from '../../domain/task';
import { taskDecider } from '../../domain/task.decide';
import { commandOf } from '../../../../platform/commands/command';

export class UncompleteTask extends commandOf<{ taskId: string }, TaskState>() {}

/** Back to pending (undo); a pending task stays as it is. */
@CommandHandler(UncompleteTask)
export class UncompleteTaskHandler implements ICommandHandler<UncompleteTask> {
  constructor(private readonly streams: EventSourcedStreams) {}

  /** Answers the task's state after the undo; the session's next request sees it projected (read-your-writes.ts). */
  async execute({ taskId, metadata }: UncompleteTask): Promise<TaskState> {
    return (await this.streams.execute(taskStream(taskId), taskDecider, { type: 'UncompleteTask', data: {}, metadata }, { awaitProjections: 'next-request' })).state;
  }
}
