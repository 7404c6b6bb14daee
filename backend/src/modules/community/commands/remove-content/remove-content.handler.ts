import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { GroupAccess } from '../../access/group-access';
import { postStream } from '../../domain/post';
import { postDecider } from '../../domain/post.decide';
import { commandOf } from '../../../../platform/commands/command';

/**
 * A post (commentId null) or comment goes: deleted by its author, or removed by a moderator with a
 * reason (its author still sees it, and why).
 */
export class RemoveContent extends commandOf<{ target: { postId: string; commentId: null } | { postId: null; commentId: string }; reason: unknown; user: User }>() {}

@CommandHandler(RemoveContent)
export class RemoveContentHandler implements ICommandHandler<RemoveContent> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: GroupAccess,
  ) {}

  async execute({ target, reason, user, metadata }: RemoveContent): Promise<void> {
    const { groupId, postId } = target.commentId ? await this.access.ofComment(target.commentId) : { groupId: await this.access.groupOfPost(target.postId!), postId: target.postId! };
    const actor = await this.access.inGroup(groupId, user);
    await this.streams.execute(
      postStream(postId),
      postDecider,
      target.commentId ? { type: 'RemoveComment', postId, commentId: target.commentId, reason, actor, metadata } : { type: 'RemovePost', postId, reason, actor, metadata },
    );
  }
}
