import { REACTION_TYPES, type ReactionType } from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { invalidInput } from '../../../platform/commands/domain-error';
import { assertMayWrite, type Actor } from './post.decide';

/**
 * One stream per user and target (`group-reaction-<targetId>-<userId>`): that user's reactions to
 * one post or comment. "One of each type per user and target" is decided on it, and members
 * reacting at once to one post never contend on a shared stream. The handler checks that the
 * target exists and is not gone (the read model) before deciding.
 */
export const reactionStream = (targetId: string, userId: string) => `group-reaction-${targetId}-${userId}`;

type Target = { groupId: string; postId: string; commentId: string | null; userId: string; reactionType: ReactionType };

export type ReactionEvent =
  | { type: 'ReactionAdded'; data: Target & { reactedAt: string } }
  | { type: 'ReactionRemoved'; data: Target & { removedAt: string } };

export interface ReactionState {
  types: readonly ReactionType[];
}

export type ReactionCommand = {
  type: 'ToggleReaction';
  groupId: string;
  postId: string;
  commentId: string | null;
  reactionType: unknown;
  actor: Actor;
  metadata: CommandMetadata;
};

export function evolveReaction(state: ReactionState, event: ReactionEvent): ReactionState {
  switch (event.type) {
    case 'ReactionAdded':
      return state.types.includes(event.data.reactionType) ? state : { types: [...state.types, event.data.reactionType] };
    case 'ReactionRemoved':
      return { types: state.types.filter((type) => type !== event.data.reactionType) };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const invalid = invalidInput('COMMUNITY.INVALID');

/** Toggles: the user's reaction of that type is added when absent, taken back when present. Muted members cannot react. */
export function decideReaction(command: ReactionCommand, state: ReactionState): ReactionEvent[] {
  const { actorId: userId, occurredAt: at } = command.metadata;
  assertMayWrite(command.actor, at);
  if (userId === null) return [];
  const reactionType = command.reactionType as ReactionType;
  if (!REACTION_TYPES.includes(reactionType)) throw invalid('reactionType', `reactionType must be one of ${REACTION_TYPES.join(', ')}`);
  const target = { groupId: command.groupId, postId: command.postId, commentId: command.commentId, userId, reactionType };
  return state.types.includes(reactionType)
    ? [{ type: 'ReactionRemoved', data: { ...target, removedAt: at } }]
    : [{ type: 'ReactionAdded', data: { ...target, reactedAt: at } }];
}

export const reactionDecider: Decider<ReactionCommand, ReactionEvent, ReactionState> = {
  decide: decideReaction,
  evolve: evolveReaction,
  initialState: () => ({ types: [] }),
};
