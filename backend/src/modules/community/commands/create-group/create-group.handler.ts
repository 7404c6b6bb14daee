import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { groupStream, type GroupDetails } from '../../domain/group';
import { groupDecider } from '../../domain/group.decide';
import { commandOf } from '../../../../platform/commands/command';

/**
 * Creates a group unless its stream already says it exists: the start-up sends it for each of the
 * seven groups on every start. Two processes starting at once both decide on an empty stream; the
 * second append fails on the expected revision, decides again and records nothing. Nobody reads the
 * group back at start, so it does not wait for the projections.
 */
export class CreateGroup extends commandOf<{ groupId: string; details: GroupDetails }>() {}

@CommandHandler(CreateGroup)
export class CreateGroupHandler implements ICommandHandler<CreateGroup> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ groupId, details, metadata }: CreateGroup): Promise<void> {
    await this.streams.execute(groupStream(groupId), groupDecider, { type: 'CreateGroup', groupId, details, metadata }, { awaitProjections: false });
  }
}
