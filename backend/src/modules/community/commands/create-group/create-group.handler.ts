import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { groupStream, type GroupDetails } from '../../domain/group';
import { groupDecider } from '../../domain/group.decide';

/**
 * Creates a group unless its stream already says it exists: the start-up sends it for each of the
 * seven groups on every start. Two processes starting at once both decide on an empty stream; the
 * second append fails on the expected revision, decides again and records nothing. Nobody reads the
 * group back at start, so it does not wait for the projections.
 */
export class CreateGroup extends Command<void> {
  constructor(
    readonly groupId: string,
    readonly details: GroupDetails,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(CreateGroup)
export class CreateGroupHandler implements ICommandHandler<CreateGroup> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ groupId, details, metadata }: CreateGroup): Promise<void> {
    await this.streams.execute(groupStream(groupId), groupDecider, { type: 'CreateGroup', groupId, details, metadata }, { awaitProjections: false });
  }
}
