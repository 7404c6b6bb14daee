import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { groupStream } from '../../domain/group';
import { groupDecider } from '../../domain/group.decide';

/** The signed-in user leaves a group; not being a member is a 409, an unknown group a 404. */
export class LeaveGroup extends Command<void> {
  constructor(
    readonly groupId: string,
    readonly userId: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(LeaveGroup)
export class LeaveGroupHandler implements ICommandHandler<LeaveGroup> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ groupId, userId, metadata }: LeaveGroup): Promise<void> {
    await this.streams.execute(groupStream(groupId), groupDecider, { type: 'LeaveGroup', groupId, userId, metadata });
  }
}
