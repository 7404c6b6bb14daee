import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { taskStream } from '../../domain/task';
import { taskDecider } from '../../domain/task.decide';

export class RemoveTask extends Command<void> {
  constructor(
    readonly taskId: string,
    readonly reason: string | null,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

/** Permanent: the decider requires a reason (spec message), and the task's history keeps it. */
@CommandHandler(RemoveTask)
export class RemoveTaskHandler implements ICommandHandler<RemoveTask> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ taskId, reason, metadata }: RemoveTask): Promise<void> {
    await this.streams.execute(taskStream(taskId), taskDecider, { type: 'RemoveTask', data: { reason }, metadata });
  }
}
