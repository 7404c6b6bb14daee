import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { taskStream } from '../../domain/task';
import { taskDecider } from '../../domain/task.decide';

export class UncompleteTask extends Command<void> {
  constructor(
    readonly taskId: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

/** Back to pending (undo); a pending task stays as it is. */
@CommandHandler(UncompleteTask)
export class UncompleteTaskHandler implements ICommandHandler<UncompleteTask> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ taskId, metadata }: UncompleteTask): Promise<void> {
    await this.streams.execute(taskStream(taskId), taskDecider, { type: 'UncompleteTask', data: {}, metadata });
  }
}
