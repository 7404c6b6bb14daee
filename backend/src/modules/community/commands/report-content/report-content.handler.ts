import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { GroupAccess } from '../../access/group-access';
import { postStream } from '../../domain/post';
import { postDecider } from '../../domain/post.decide';
import { commandOf } from '../../../../platform/commands/command';

/** A member reports a post (commentId null) or a comment to the group's moderators; one open report per member and target. */
export class ReportContent extends commandOf<{ target: { postId: string; commentId: null } | { postId: null; commentId: string }; reportId: string; reason: unknown; user: User }>() {}

@CommandHandler(ReportContent)
export class ReportContentHandler implements ICommandHandler<ReportContent> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: GroupAccess,
  ) {}

  async execute({ target, reportId, reason, user, metadata }: ReportContent): Promise<void> {
    const { groupId, postId } = target.commentId ? await this.access.ofComment(target.commentId) : { groupId: await this.access.groupOfPost(target.postId!), postId: target.postId! };
    const actor = await this.access.inGroup(groupId, user);
    await this.streams.execute(postStream(postId), postDecider, { type: 'ReportContent', postId, commentId: target.commentId, reportId, reason, actor, metadata });
  }
}
