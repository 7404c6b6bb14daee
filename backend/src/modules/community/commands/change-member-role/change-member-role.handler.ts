import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GroupRole, User } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { groupStream } from '../../domain/group';
import { groupDecider } from '../../domain/group.decide';

/** A super_admin or the group's admin gives a member the role member, moderator or admin. */
export class ChangeMemberRole extends Command<{ userId: string; role: GroupRole }> {
  constructor(
    readonly groupId: string,
    readonly userId: string,
    readonly role: GroupRole,
    readonly actor: User,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

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
