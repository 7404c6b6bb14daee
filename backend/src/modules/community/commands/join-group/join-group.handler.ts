import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SupportGroup } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { groupStream } from '../../domain/group';
import { groupDecider } from '../../domain/group.decide';
import { GroupsQuery } from '../../read-models/groups/groups.query';
import { commandOf } from '../../../../platform/commands/command';

/** The signed-in user joins a group as a member; joining again changes nothing. Answers the group as they now see it. */
export class JoinGroup extends commandOf<{ groupId: string; userId: string }, SupportGroup>() {}

@CommandHandler(JoinGroup)
export class JoinGroupHandler implements ICommandHandler<JoinGroup> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly groups: GroupsQuery,
  ) {}

  async execute({ groupId, userId, metadata }: JoinGroup): Promise<SupportGroup> {
    await this.streams.execute(groupStream(groupId), groupDecider, { type: 'JoinGroup', groupId, userId, metadata });
    return (await this.groups.byId(userId, groupId))!;
  }
}
