import { COMMUNITY_TEXT, GROUP_DEFINITIONS } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { GroupEvent } from './group';
import { groupDecider, type GroupCommand } from './group.decide';

const spec = deciderSpec(groupDecider);
const groupId = '00000000-0000-5000-8000-0000000000a1';
const parent = '10000000-0000-4000-8000-000000000001';
const grandma = '10000000-0000-4000-8000-000000000002';
const at = '2026-11-29T06:00:00.000Z';
const metadata = { actorId: parent, correlationId: 'c-1', occurredAt: at };
const { category, name, description, icon, color, rules } = GROUP_DEFINITIONS[0];
const details = { category, name, description, icon, color, rules };

const created: GroupEvent = { type: 'GroupCreated', data: { groupId, ...details, createdAt: at } };
const joined = (userId: string, role: 'member' | 'moderator' | 'admin' = 'member'): GroupEvent => ({ type: 'GroupJoined', data: { groupId, userId, role, joinedAt: at } });
const left = (userId: string): GroupEvent => ({ type: 'GroupLeft', data: { groupId, userId, leftAt: at } });
const create: GroupCommand = { type: 'CreateGroup', groupId, details, metadata };
const join = (userId = parent): GroupCommand => ({ type: 'JoinGroup', groupId, userId, metadata });
const leave = (userId = parent): GroupCommand => ({ type: 'LeaveGroup', groupId, userId, metadata });

describe('a support group', () => {
  describe('created at start', () => {
    it('is created once', () => spec.given([]).when(create).then([created]));
    it('is not created again by a second start', () => spec.given([created]).when(create).then([]));
  });

  describe('joining', () => {
    it('records the user as a member by default', () => spec.given([created]).when(join()).then([joined(parent)]));
    it('keeps a given role', () => spec.given([created]).when({ ...join(), role: 'moderator' } as GroupCommand).then([joined(parent, 'moderator')]));
    it('twice changes nothing (a double tap or a retry)', () => spec.given([created, joined(parent)]).when(join()).then([]));
    it('again after leaving records a new join', () => spec.given([created, joined(parent), left(parent)]).when(join()).then([joined(parent)]));
    it('an unknown group is not found', () => spec.given([]).when(join()).thenThrows('COMMUNITY.GROUP_NOT_FOUND', COMMUNITY_TEXT.groupNotFound));
    it('refuses a role outside the schema', () =>
      spec.given([created]).when({ ...join(), role: 'owner' } as unknown as GroupCommand).thenThrows('COMMUNITY.INVALID'));
  });

  describe('leaving', () => {
    it('records the member leaving', () => spec.given([created, joined(parent)]).when(leave()).then([left(parent)]));
    it('someone who is not a member is a conflict', () => spec.given([created, joined(grandma)]).when(leave()).thenThrows('COMMUNITY.NOT_A_MEMBER', COMMUNITY_TEXT.notAMember));
    it('twice is a conflict the second time', () => spec.given([created, joined(parent), left(parent)]).when(leave()).thenThrows('COMMUNITY.NOT_A_MEMBER'));
    it('an unknown group is not found', () => spec.given([]).when(leave()).thenThrows('COMMUNITY.GROUP_NOT_FOUND'));
    it("leaves the other members' membership alone", () =>
      spec.given([created, joined(parent), joined(grandma), left(parent)]).when(leave(grandma)).then([left(grandma)]));
  });
});
