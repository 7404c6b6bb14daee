import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { COMMUNITY_CONVERSATION_TEXT as TEXT, type ReactionToggleResult, type User } from '@carecircle/libs';
import { DomainError, invalidInput } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { GroupAccess } from '../../access/group-access';
import type { ReactionType } from '@carecircle/libs';
import { reactionDecider, reactionStream } from '../../domain/reaction';
import { PostsQuery } from '../../read-models/posts/posts.query';
import { commandOf } from '../../../../platform/commands/command';

/** Adds the user's reaction of that type to a post or comment, or takes it back. */
export class ToggleReaction extends commandOf<{ target: { postId?: string | null; commentId?: string | null }; reactionType: ReactionType; user: User }, ReactionToggleResult>() {}

const invalid = invalidInput('COMMUNITY.INVALID');

@CommandHandler(ToggleReaction)
export class ToggleReactionHandler implements ICommandHandler<ToggleReaction> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: GroupAccess,
    private readonly posts: PostsQuery,
  ) {}

  async execute({ target, reactionType, user, metadata }: ToggleReaction): Promise<ReactionToggleResult> {
    const given = [target.postId, target.commentId].filter((id) => id !== undefined && id !== null) as string[];
    if (given.length !== 1) throw invalid(target.postId ? 'commentId' : 'postId', TEXT.oneTarget);
    const commentId = target.commentId ?? null;
    const { groupId, postId } = commentId ? await this.access.ofComment(commentId) : { groupId: await this.access.groupOfPost(target.postId!), postId: target.postId! };
    const actor = await this.access.inGroup(groupId, user);
    if (!actor.isMember && !actor.isModerator) throw new DomainError('COMMUNITY.MEMBERS_ONLY', 'forbidden', TEXT.membersOnly);
    if (!(await this.access.isShown(postId, commentId))) {
      throw commentId ? new DomainError('COMMUNITY.COMMENT_NOT_FOUND', 'not_found', TEXT.commentNotFound) : new DomainError('COMMUNITY.POST_NOT_FOUND', 'not_found', TEXT.postNotFound);
    }
    const targetId = commentId ?? postId;
    const { state } = await this.streams.execute(reactionStream(targetId, user.id), reactionDecider, {
      type: 'ToggleReaction',
      groupId,
      postId,
      commentId,
      reactionType,
      actor,
      metadata,
    });
    return { reacted: state.types.includes(reactionType), reactions: await this.posts.reactionsOf(targetId, user.id) };
  }
}
