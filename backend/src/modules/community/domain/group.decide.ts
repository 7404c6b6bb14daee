import { COMMUNITY_TEXT, GROUP_MEMBER_ROLES, type GroupMemberRole } from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { DomainError } from '../../../platform/commands/domain-error';
import { evolveGroup, initialGroupState, type GroupDetails, type GroupEvent, type GroupState } from './group';

export type GroupCommand =
  | { type: 'CreateGroup'; groupId: string; details: GroupDetails; metadata: CommandMetadata }
  | { type: 'JoinGroup'; groupId: string; userId: string; role?: GroupMemberRole; metadata: CommandMetadata }
  | { type: 'LeaveGroup'; groupId: string; userId: string; metadata: CommandMetadata };

const notFound = () => new DomainError('COMMUNITY.GROUP_NOT_FOUND', 'not_found', COMMUNITY_TEXT.groupNotFound);

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
