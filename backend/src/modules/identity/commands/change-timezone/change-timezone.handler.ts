import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';
import { commandOf } from '../../../../platform/commands/command';

export class ChangeTimezone extends commandOf<{ userId: string; timezone: string }>() {}

@CommandHandler(ChangeTimezone)
export class ChangeTimezoneHandler implements ICommandHandler<ChangeTimezone> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, timezone, metadata }: ChangeTimezone): Promise<void> {
    await this.streams.execute(userStream(userId), userDecider, { type: 'ChangeTimezone', data: { timezone }, metadata });
  }
}
