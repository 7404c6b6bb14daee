import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { taskStream } from '../../domain/task';
import { taskDecider } from '../../domain/task.decide';
import { commandOf } from '../../../../platform/commands/command';

export class RemoveTask extends commandOf<{ taskId: string; reason: string | null }>() {}

/** Permanent: the decider requires a reason (spec message), and the task's history keeps it. */
@CommandHandler(RemoveTask)
export class RemoveTaskHandler implements ICommandHandler<RemoveTask> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ taskId, reason, metadata }: RemoveTask): Promise<void> {
    await this.streams.execute(taskStream(taskId), taskDecider, { type: 'RemoveTask', data: { reason }, metadata });
  }
}
