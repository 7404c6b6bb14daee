import type { GroupDetails, GroupMemberRole } from '@carecircle/libs';

/**
 * One stream per group (`group-<groupId>`): its creation and its members joining and leaving. A
 * group's members are decided on one stream so "already a member" and "not a member" see every
 * earlier join and leave; concurrent joins to one group are decided again on the fresh stream
 * (EventSourcedStreams). Membership holds no personal data beyond user ids.
 */
export const groupStream = (groupId: string) => `group-${groupId}`;

export type { GroupDetails };

export type GroupEvent =
  | { type: 'GroupCreated'; data: { groupId: string } & GroupDetails & { createdAt: string } }
  | { type: 'GroupJoined'; data: { groupId: string; userId: string; role: GroupMemberRole; joinedAt: string } }
  | { type: 'GroupLeft'; data: { groupId: string; userId: string; leftAt: string } }
  /** A super_admin or the group's admin appointed a member (docs/community.md, "Moderation"). */
  | { type: 'GroupMemberRoleChanged'; data: { groupId: string; userId: string; role: GroupMemberRole; changedBy: string; changedAt: string } }
  /** A moderator muted a member until `mutedUntil`: they read, they do not post, comment or react. */
  | { type: 'GroupMemberMuted'; data: { groupId: string; userId: string; mutedUntil: string; mutedBy: string; mutedAt: string } }
  | { type: 'GroupMemberUnmuted'; data: { groupId: string; userId: string; unmutedBy: string; unmutedAt: string } };

export interface GroupState {
  exists: boolean;
  /** Current members by user id, with their role. */
  members: Record<string, GroupMemberRole>;
  /**
   * Mutes by user id (until when). Kept when a member leaves, so leaving and joining again does
   * not lift a mute.
   */
  mutedUntil: Record<string, string>;
}

export const initialGroupState = (): GroupState => ({ exists: false, members: {}, mutedUntil: {} });

export function evolveGroup(state: GroupState, event: GroupEvent): GroupState {
  switch (event.type) {
    case 'GroupCreated':
      return { ...state, exists: true };
    case 'GroupJoined':
      return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
    case 'GroupLeft': {
      const { [event.data.userId]: _left, ...members } = state.members;
      return { ...state, members };
    }
    case 'GroupMemberRoleChanged':
      return state.members[event.data.userId] ? { ...state, members: { ...state.members, [event.data.userId]: event.data.role } } : state;
    case 'GroupMemberMuted':
      return { ...state, mutedUntil: { ...state.mutedUntil, [event.data.userId]: event.data.mutedUntil } };
    case 'GroupMemberUnmuted': {
      const { [event.data.userId]: _unmuted, ...mutedUntil } = state.mutedUntil;
      return { ...state, mutedUntil };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
