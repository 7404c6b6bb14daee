import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';

export class ChangeTimezone {
  constructor(
    readonly userId: string,
    readonly timezone: string,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(ChangeTimezone)
export class ChangeTimezoneHandler implements ICommandHandler<ChangeTimezone> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, timezone, metadata }: ChangeTimezone): Promise<void> {
    await this.streams.execute(userStream(userId), userDecider, { type: 'ChangeTimezone', data: { timezone }, metadata });
  }
}
