import { EntitySchema } from '@mikro-orm/postgresql';
import type { GroupMemberRole, SupportGroup } from '@carecircle/libs';

/** A support group as the lists show it (but the caller's isMember); memberCount is the number of its group_members rows. */
export interface GroupRow extends Omit<SupportGroup, 'isMember'> {
  isActive: boolean;
  createdAt: Date;
}

/** One row per group and user (the spec's unique pair). */
export interface GroupMemberRow {
  groupId: string;
  userId: string;
  role: GroupMemberRole;
  isMuted: boolean;
  joinedAt: Date;
}

export const GroupEntity = new EntitySchema<GroupRow>({
  name: 'GroupEntity',
  tableName: 'groups',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    description: { type: 'text' },
    category: { type: 'text' },
    icon: { type: 'text' },
    color: { type: 'text' },
    rules: { type: 'json' },
    isActive: { type: 'boolean' },
    memberCount: { type: 'integer' },
    createdAt: { type: 'timestamptz' },
  },
});

export const GroupMemberEntity = new EntitySchema<GroupMemberRow>({
  name: 'GroupMemberEntity',
  tableName: 'group_members',
  properties: {
    groupId: { type: 'uuid', primary: true },
    userId: { type: 'uuid', primary: true, index: true },
    role: { type: 'text' },
    isMuted: { type: 'boolean' },
    joinedAt: { type: 'timestamptz' },
  },
});

/** A mute of a member of a group, until when (kept when the member leaves). */
export interface GroupMuteRow {
  groupId: string;
  userId: string;
  mutedUntil: Date;
  mutedBy: string;
}

export const GroupMuteEntity = new EntitySchema<GroupMuteRow>({
  name: 'GroupMuteEntity',
  tableName: 'group_mutes',
  properties: {
    groupId: { type: 'uuid', primary: true },
    userId: { type: 'uuid', primary: true, index: true },
    mutedUntil: { type: 'timestamptz' },
    mutedBy: { type: 'uuid' },
  },
});
