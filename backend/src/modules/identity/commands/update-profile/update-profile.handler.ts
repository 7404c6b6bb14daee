import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';
import { commandOf } from '../../../../platform/commands/command';

export class UpdateProfile extends commandOf<{ userId: string; data: { firstName: string; lastName: string } }>() {}

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, data, metadata }: UpdateProfile): Promise<void> {
    await this.streams.execute(userStream(userId), userDecider, { type: 'UpdateProfile', data, metadata });
  }
}
