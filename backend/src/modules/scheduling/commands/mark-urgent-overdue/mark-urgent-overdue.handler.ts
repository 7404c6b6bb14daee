import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { taskStream } from '../../domain/task';
import { taskDecider } from '../../domain/task.decide';

/** Sent by the notifications module's overdue worker; answers whether it recorded TaskBecameUrgentOverdue. */
export class MarkUrgentOverdue extends Command<boolean> {
  constructor(
    readonly taskId: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

/** The decider records it once, for a pending urgent task past its time, so overlapping runs alert once. */
@CommandHandler(MarkUrgentOverdue)
export class MarkUrgentOverdueHandler implements ICommandHandler<MarkUrgentOverdue, boolean> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ taskId, metadata }: MarkUrgentOverdue): Promise<boolean> {
    const { events } = await this.streams.execute(taskStream(taskId), taskDecider, { type: 'MarkUrgentOverdue', data: {}, metadata });
    return events.length > 0;
  }
}
