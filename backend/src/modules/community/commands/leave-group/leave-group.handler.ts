import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { groupStream } from '../../domain/group';
import { groupDecider } from '../../domain/group.decide';
import { commandOf } from '../../../../platform/commands/command';

/** The signed-in user leaves a group; not being a member is a 409, an unknown group a 404. */
export class LeaveGroup extends commandOf<{ groupId: string; userId: string }>() {}

@CommandHandler(LeaveGroup)
export class LeaveGroupHandler implements ICommandHandler<LeaveGroup> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ groupId, userId, metadata }: LeaveGroup): Promise<void> {
    await this.streams.execute(groupStream(groupId), groupDecider, { type: 'LeaveGroup', groupId, userId, metadata });
  }
}
