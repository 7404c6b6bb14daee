import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PostView, User } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { GroupAccess } from '../../access/group-access';
import { postStream } from '../../domain/post';
import { assertMayWrite, postDecider, type PostInput } from '../../domain/post.decide';
import { PostsQuery } from '../../read-models/posts/posts.query';
import { commandOf } from '../../../../platform/commands/command';

/** A new post in a group by a member who is not muted; counts toward their hourly limit. Answers it as they see it. */
export class CreatePost extends commandOf<{ groupId: string; postId: string; input: PostInput; user: User }, PostView>() {}

@CommandHandler(CreatePost)
export class CreatePostHandler implements ICommandHandler<CreatePost> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: GroupAccess,
    private readonly posts: PostsQuery,
  ) {}

  async execute({ groupId, postId, input, user, metadata }: CreatePost): Promise<PostView> {
    const actor = await this.access.inGroup(groupId, user);
    assertMayWrite(actor, metadata.occurredAt);
    await this.access.countWrite('post', user.id);
    await this.streams.execute(postStream(postId), postDecider, { type: 'CreatePost', postId, groupId, input, actor, metadata });
    return (await this.posts.post(postId, { userId: user.id, canModerate: actor.isModerator }))!;
  }
}
