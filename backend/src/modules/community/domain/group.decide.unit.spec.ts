import { COMMUNITY_CONVERSATION_TEXT, COMMUNITY_TEXT, GROUP_DEFINITIONS } from '@carecircle/libs';
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

  describe('roles (appointed by a super_admin or the group\'s admin)', () => {
    const admin = '10000000-0000-4000-8000-00000000000a';
    const by = (actorId: string) => ({ ...metadata, actorId });
    const role = (userId: string, r: 'member' | 'moderator' | 'admin', actorId: string, actorIsSuperAdmin = false): GroupCommand => ({
      type: 'ChangeMemberRole',
      groupId,
      userId,
      role: r,
      actorIsSuperAdmin,
      metadata: by(actorId),
    });
    const changed = (userId: string, r: 'member' | 'moderator' | 'admin', changedBy: string): GroupEvent => ({
      type: 'GroupMemberRoleChanged',
      data: { groupId, userId, role: r, changedBy, changedAt: at },
    });

    it('a super_admin appoints a moderator, member or not of the group', () =>
      spec.given([created, joined(grandma)]).when(role(grandma, 'moderator', parent, true)).then([changed(grandma, 'moderator', parent)]));
    it("the group's admin appoints", () => spec.given([created, joined(admin, 'admin'), joined(grandma)]).when(role(grandma, 'admin', admin)).then([changed(grandma, 'admin', admin)]));
    it('a moderator cannot appoint', () =>
      spec.given([created, joined(parent, 'moderator'), joined(grandma)]).when(role(grandma, 'moderator', parent)).thenThrows('COMMUNITY.FORBIDDEN', COMMUNITY_CONVERSATION_TEXT.adminsOnly));
    it('a member cannot appoint themselves', () => spec.given([created, joined(parent)]).when(role(parent, 'admin', parent)).thenThrows('COMMUNITY.FORBIDDEN'));
    it('someone who is not a member cannot be appointed', () =>
      spec.given([created, joined(admin, 'admin')]).when(role(grandma, 'moderator', admin)).thenThrows('COMMUNITY.MEMBER_NOT_FOUND'));
    it('the same role again records nothing', () => spec.given([created, joined(admin, 'admin'), joined(grandma)]).when(role(grandma, 'member', admin)).then([]));
    it('refuses a role outside the schema', () =>
      spec.given([created, joined(grandma)]).when(role(grandma, 'owner' as 'admin', parent, true)).thenThrows('COMMUNITY.INVALID'));
    it('a new role sticks: the appointed moderator may then mute', () =>
      spec
        .given([created, joined(grandma), joined(parent), changed(grandma, 'moderator', admin)])
        .when({ type: 'MuteMember', groupId, userId: parent, actorIsSuperAdmin: false, metadata: by(grandma) })
        .then([{ type: 'GroupMemberMuted', data: { groupId, userId: parent, mutedUntil: '2026-12-06T06:00:00.000Z', mutedBy: grandma, mutedAt: at } }]));
  });

  describe('muting (moderators; not a moderator; at most 365 days)', () => {
    const mod = '10000000-0000-4000-8000-00000000000b';
    const mute = (userId: string, until?: string, actorId = mod, actorIsSuperAdmin = false): GroupCommand => ({
      type: 'MuteMember',
      groupId,
      userId,
      until,
      actorIsSuperAdmin,
      metadata: { ...metadata, actorId },
    });
    const muted = (userId: string, mutedUntil: string): GroupEvent => ({ type: 'GroupMemberMuted', data: { groupId, userId, mutedUntil, mutedBy: mod, mutedAt: at } });
    const given = [created, joined(mod, 'moderator'), joined(parent)];

    it('for 7 days by default', () => spec.given(given).when(mute(parent)).then([muted(parent, '2026-12-06T06:00:00.000Z')]));
    it('until a given time (normalised to UTC)', () => spec.given(given).when(mute(parent, '2026-12-01T10:00:00+02:00')).then([muted(parent, '2026-12-01T08:00:00.000Z')]));
    it('exactly 365 days is allowed; one millisecond more is not', () => {
      spec.given(given).when(mute(parent, '2027-11-29T06:00:00.000Z')).then([muted(parent, '2027-11-29T06:00:00.000Z')]);
      spec.given(given).when(mute(parent, '2027-11-29T06:00:00.001Z')).thenThrows('COMMUNITY.INVALID', COMMUNITY_CONVERSATION_TEXT.muteTooLong);
    });
    it('refuses a time in the past or not a time', () => {
      spec.given(given).when(mute(parent, at)).thenThrows('COMMUNITY.INVALID', COMMUNITY_CONVERSATION_TEXT.muteInPast);
      spec.given(given).when(mute(parent, 'tomorrow')).thenThrows('COMMUNITY.INVALID');
    });
    it('a member cannot mute', () => spec.given(given).when(mute(mod, undefined, parent)).thenThrows('COMMUNITY.FORBIDDEN', COMMUNITY_CONVERSATION_TEXT.moderatorsOnly));
    it('a moderator or admin cannot be muted', () => {
      spec.given([...given, joined(grandma, 'admin')]).when(mute(grandma)).thenThrows('COMMUNITY.CANNOT_MUTE_MODERATOR');
      spec.given([...given, joined(grandma, 'moderator')]).when(mute(grandma, undefined, parent, true)).thenThrows('COMMUNITY.CANNOT_MUTE_MODERATOR');
    });
    it('someone who is not a member is not found', () => spec.given(given).when(mute(grandma)).thenThrows('COMMUNITY.MEMBER_NOT_FOUND'));
    it('a mute outlives leaving: unmuting after a leave and a join still lifts it', () =>
      spec
        .given([...given, muted(parent, '2026-12-06T06:00:00.000Z'), left(parent), joined(parent)])
        .when({ type: 'UnmuteMember', groupId, userId: parent, actorIsSuperAdmin: false, metadata: { ...metadata, actorId: mod } })
        .then([{ type: 'GroupMemberUnmuted', data: { groupId, userId: parent, unmutedBy: mod, unmutedAt: at } }]));
    it('unmuting someone not muted (or whose mute ended) records nothing', () => {
      const unmute: GroupCommand = { type: 'UnmuteMember', groupId, userId: parent, actorIsSuperAdmin: false, metadata: { ...metadata, actorId: mod } };
      spec.given(given).when(unmute).then([]);
      spec.given([...given, muted(parent, '2026-11-29T05:00:00.000Z')]).when(unmute).then([]);
    });
  });
});
