import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GroupRole, User } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { groupStream } from '../../domain/group';
import { groupDecider } from '../../domain/group.decide';
import { commandOf } from '../../../../platform/commands/command';

/** A super_admin or the group's admin gives a member the role member, moderator or admin. */
export class ChangeMemberRole extends commandOf<{ groupId: string; userId: string; role: GroupRole; actor: User }, { userId: string; role: GroupRole }>() {}

@CommandHandler(ChangeMemberRole)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRole> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ groupId, userId, role, actor, metadata }: ChangeMemberRole): Promise<{ userId: string; role: GroupRole }> {
    const { state } = await this.streams.execute(groupStream(groupId), groupDecider, {
      type: 'ChangeMemberRole',
      groupId,
      userId,
      role,
      actorIsSuperAdmin: actor.role === 'super_admin',
      metadata,
    });
    return { userId, role: state.members[userId] };
  }
}
