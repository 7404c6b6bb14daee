import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PostView, User } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { GroupAccess } from '../../access/group-access';
import { postStream } from '../../domain/post';
import { postDecider } from '../../domain/post.decide';
import { PostsQuery } from '../../read-models/posts/posts.query';
import { commandOf } from '../../../../platform/commands/command';

/** A moderator pins a post to the top of its group, or unpins it; pinning a pinned post changes nothing. */
export class PinPost extends commandOf<{ postId: string; pinned: boolean; user: User }, PostView>() {}

@CommandHandler(PinPost)
export class PinPostHandler implements ICommandHandler<PinPost> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: GroupAccess,
    private readonly posts: PostsQuery,
  ) {}

  async execute({ postId, pinned, user, metadata }: PinPost): Promise<PostView> {
    const actor = await this.access.inGroup(await this.access.groupOfPost(postId), user);
    await this.streams.execute(postStream(postId), postDecider, { type: 'PinPost', postId, pinned, actor, metadata });
    return (await this.posts.post(postId, { userId: user.id, canModerate: actor.isModerator }))!;
  }
}
