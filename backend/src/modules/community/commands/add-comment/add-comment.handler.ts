import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommentView, User } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { GroupAccess } from '../../access/group-access';
import { postStream } from '../../domain/post';
import { assertMayWrite, postDecider, type CommentInput } from '../../domain/post.decide';
import { PostsQuery } from '../../read-models/posts/posts.query';
import { commandOf } from '../../../../platform/commands/command';

/** A comment on a post, or a reply to one of its top-level comments, by a member who is not muted. */
export class AddComment extends commandOf<{ postId: string; commentId: string; input: CommentInput; user: User }, CommentView>() {}

@CommandHandler(AddComment)
export class AddCommentHandler implements ICommandHandler<AddComment> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: GroupAccess,
    private readonly posts: PostsQuery,
  ) {}

  async execute({ postId, commentId, input, user, metadata }: AddComment): Promise<CommentView> {
    const actor = await this.access.inGroup(await this.access.groupOfPost(postId), user);
    assertMayWrite(actor, metadata.occurredAt);
    await this.access.countWrite('comment', user.id);
    await this.streams.execute(postStream(postId), postDecider, { type: 'AddComment', postId, commentId, input, actor, metadata });
    return (await this.posts.comment(commentId, { userId: user.id, canModerate: actor.isModerator }))!;
  }
}
