import { COMMUNITY_CONVERSATION_TEXT as TEXT, COMMUNITY_LIMITS, COMMUNITY_TEXT, GROUP_MEMBER_ROLES, type GroupMemberRole } from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import { evolveGroup, initialGroupState, type GroupDetails, type GroupEvent, type GroupState } from './group';

export type GroupCommand =
  | { type: 'CreateGroup'; groupId: string; details: GroupDetails; metadata: CommandMetadata }
  | { type: 'JoinGroup'; groupId: string; userId: string; role?: GroupMemberRole; metadata: CommandMetadata }
  | { type: 'LeaveGroup'; groupId: string; userId: string; metadata: CommandMetadata }
  /** The actor is metadata.actorId; whether they are a super_admin is a fact the handler passes in. */
  | { type: 'ChangeMemberRole'; groupId: string; userId: string; role: GroupMemberRole; actorIsSuperAdmin: boolean; metadata: CommandMetadata }
  /** `until` absent: COMMUNITY_MUTE_DEFAULT_DAYS from now. */
  | { type: 'MuteMember'; groupId: string; userId: string; until?: string; actorIsSuperAdmin: boolean; metadata: CommandMetadata }
  | { type: 'UnmuteMember'; groupId: string; userId: string; actorIsSuperAdmin: boolean; metadata: CommandMetadata };

/** How long a mute lasts when the moderator names no end. */
export const COMMUNITY_MUTE_DEFAULT_DAYS = 7;
const DAY_MS = 86_400_000;

const notFound = () => new DomainError('COMMUNITY.GROUP_NOT_FOUND', 'not_found', COMMUNITY_TEXT.groupNotFound);
const invalid = invalidInput('COMMUNITY.INVALID');

/** A moderator of the group: its role moderator or admin, or a super_admin user. */
export const isModeratorRole = (role: GroupMemberRole | undefined) => role === 'moderator' || role === 'admin';

function actorOf(command: { metadata: CommandMetadata }): string {
  if (command.metadata.actorId === null) throw new DomainError('COMMUNITY.FORBIDDEN', 'forbidden', TEXT.moderatorsOnly);
  return command.metadata.actorId;
}

/** The member a moderation command is about (404 when not a member of the group). */
function memberRole(state: GroupState, userId: string): GroupMemberRole {
  const role = state.members[userId];
  if (!role) throw new DomainError('COMMUNITY.MEMBER_NOT_FOUND', 'not_found', TEXT.memberNotFound);
  return role;
}

function moderating(state: GroupState, command: { metadata: CommandMetadata; actorIsSuperAdmin: boolean }): string {
  if (!state.exists) throw notFound();
  const actor = actorOf(command);
  if (!command.actorIsSuperAdmin && !isModeratorRole(state.members[actor])) throw new DomainError('COMMUNITY.FORBIDDEN', 'forbidden', TEXT.moderatorsOnly);
  return actor;
}

/** The end of a mute: given (ISO 8601 with offset, after `at`, within muteMaxDays) or the default. */
function muteEnd(until: unknown, at: string): string {
  if (until === undefined || until === null) return new Date(Date.parse(at) + COMMUNITY_MUTE_DEFAULT_DAYS * DAY_MS).toISOString();
  const end = typeof until === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(until) ? Date.parse(until) : NaN;
  if (Number.isNaN(end)) throw invalid('until', 'until must be a date and time (ISO 8601, e.g. 2026-12-01T18:00:00Z)');
  if (end <= Date.parse(at)) throw invalid('until', TEXT.muteInPast);
  if (end > Date.parse(at) + COMMUNITY_LIMITS.muteMaxDays * DAY_MS) throw invalid('until', TEXT.muteTooLong);
  return new Date(end).toISOString();
}

/**
 * The membership rules. Creating a group that exists is a no-op (the start-up creates the seven
 * groups on every start, from any process). Joining twice is a no-op: the answer is the group as
 * the member sees it, and a double tap or a retry changes nothing. Leaving a group one is not a
 * member of is a 409 (COMMUNITY.NOT_A_MEMBER); an unknown group is a 404 for either.
 */
export function decideGroup(command: GroupCommand, state: GroupState): GroupEvent[] {
  const at = command.metadata.occurredAt;
  switch (command.type) {
    case 'CreateGroup':
      return state.exists ? [] : [{ type: 'GroupCreated', data: { groupId: command.groupId, ...command.details, createdAt: at } }];
    case 'JoinGroup': {
      if (!state.exists) throw notFound();
      if (state.members[command.userId]) return [];
      const role = command.role ?? 'member';
      if (!GROUP_MEMBER_ROLES.includes(role)) throw new DomainError('COMMUNITY.INVALID', 'invalid', `Unknown role: ${String(role)}`, [{ field: 'role', message: 'Unknown role' }]);
      return [{ type: 'GroupJoined', data: { groupId: command.groupId, userId: command.userId, role, joinedAt: at } }];
    }
    case 'LeaveGroup':
      if (!state.exists) throw notFound();
      if (!state.members[command.userId]) throw new DomainError('COMMUNITY.NOT_A_MEMBER', 'conflict', COMMUNITY_TEXT.notAMember);
      return [{ type: 'GroupLeft', data: { groupId: command.groupId, userId: command.userId, leftAt: at } }];
    case 'ChangeMemberRole': {
      if (!state.exists) throw notFound();
      const actor = actorOf(command);
      if (!command.actorIsSuperAdmin && state.members[actor] !== 'admin') throw new DomainError('COMMUNITY.FORBIDDEN', 'forbidden', TEXT.adminsOnly);
      if (!GROUP_MEMBER_ROLES.includes(command.role)) throw invalid('role', `role must be one of ${GROUP_MEMBER_ROLES.join(', ')}`);
      if (memberRole(state, command.userId) === command.role) return [];
      return [{ type: 'GroupMemberRoleChanged', data: { groupId: command.groupId, userId: command.userId, role: command.role, changedBy: actor, changedAt: at } }];
    }
    case 'MuteMember': {
      const actor = moderating(state, command);
      if (isModeratorRole(memberRole(state, command.userId))) throw new DomainError('COMMUNITY.CANNOT_MUTE_MODERATOR', 'forbidden', TEXT.cannotMuteModerator);
      const mutedUntil = muteEnd(command.until, at);
      return [{ type: 'GroupMemberMuted', data: { groupId: command.groupId, userId: command.userId, mutedUntil, mutedBy: actor, mutedAt: at } }];
    }
    case 'UnmuteMember': {
      const actor = moderating(state, command);
      const until = state.mutedUntil[command.userId];
      if (until === undefined || Date.parse(until) <= Date.parse(at)) return [];
      return [{ type: 'GroupMemberUnmuted', data: { groupId: command.groupId, userId: command.userId, unmutedBy: actor, unmutedAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const groupDecider: Decider<GroupCommand, GroupEvent, GroupState> = {
  decide: decideGroup,
  evolve: evolveGroup,
  initialState: initialGroupState,
};
