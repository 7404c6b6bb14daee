import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { groupStream } from '../../domain/group';
import { groupDecider } from '../../domain/group.decide';
import { commandOf } from '../../../../platform/commands/command';

/** A moderator mutes a member until a time (they read, they do not post, comment or react), or lifts the mute (`until` false). */
export class MuteMember extends commandOf<{ groupId: string; userId: string; until: string | undefined | false; actor: User }, { userId: string; mutedUntil: string | null }>() {}

@CommandHandler(MuteMember)
export class MuteMemberHandler implements ICommandHandler<MuteMember> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ groupId, userId, until, actor, metadata }: MuteMember): Promise<{ userId: string; mutedUntil: string | null }> {
    const actorIsSuperAdmin = actor.role === 'super_admin';
    const { state } = await this.streams.execute(
      groupStream(groupId),
      groupDecider,
      until === false ? { type: 'UnmuteMember', groupId, userId, actorIsSuperAdmin, metadata } : { type: 'MuteMember', groupId, userId, until, actorIsSuperAdmin, metadata },
    );
    return { userId, mutedUntil: state.mutedUntil[userId] ?? null };
  }
}
