import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';

export class UpdateProfile {
  constructor(
    readonly userId: string,
    readonly data: { firstName: string; lastName: string },
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, data, metadata }: UpdateProfile): Promise<void> {
    await this.streams.execute(userStream(userId), userDecider, { type: 'UpdateProfile', data, metadata });
  }
}
