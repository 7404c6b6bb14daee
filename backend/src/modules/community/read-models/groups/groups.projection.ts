import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { GroupEvent } from '../../domain/group';

type Handled = GroupEvent | Extract<UserEvent, { type: 'UserErased' }>;

/** A group's member count is its rows in group_members: recounted, never added to, so it never drifts or goes below 0. */
const RECOUNT = `UPDATE groups SET member_count = (SELECT count(*) FROM group_members m WHERE m.group_id = groups.id) WHERE id = ANY(?::uuid[])`;

/**
 * The groups and their members. Every write is by key (insert or ignore, delete), and the count is
 * recounted from the members, so applying an event again changes nothing. An erased account
 * leaves every group it was in (DESIGN.md: erasure takes the user's rows with it); its group
 * streams keep the join, which names only the user id. Mutes (group_mutes) outlive membership, so
 * leaving and joining again does not lift one; `is_muted` mirrors them, the end time decides.
 */
@Injectable()
@ReadModelProjection()
export class GroupsProjection implements Projection<Handled> {
  readonly name = 'community.groups';
  /** GET /api/live tells a member of their own change only (a mute, a role): `{groupId, changed: ['group']}`. */
  readonly liveTopic = 'group';
  readonly handles = ['GroupCreated', 'GroupJoined', 'GroupLeft', 'GroupMemberRoleChanged', 'GroupMemberMuted', 'GroupMemberUnmuted', 'UserErased'] as const;
  readonly tables = ['groups', 'group_members', 'group_mutes'];

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'GroupCreated': {
        const { groupId, name, description, category, icon, color, rules, createdAt } = event.data;
        await em.execute(
          `INSERT INTO groups (id, name, description, category, icon, color, rules, created_at) VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, category = excluded.category,
             icon = excluded.icon, color = excluded.color, rules = excluded.rules`,
          [groupId, name, description, category, icon, color, JSON.stringify(rules), createdAt],
        );
        return;
      }
      case 'GroupJoined': {
        const { groupId, userId, role, joinedAt } = event.data;
        // A member muted before leaving is still muted on joining again (group_mutes outlives membership).
        await em.execute(
          `INSERT INTO group_members (group_id, user_id, role, joined_at, is_muted)
           VALUES (?, ?, ?, ?, EXISTS (SELECT 1 FROM group_mutes WHERE group_id = ? AND user_id = ?)) ON CONFLICT DO NOTHING`,
          [groupId, userId, role, joinedAt, groupId, userId],
        );
        await em.execute(RECOUNT, [`{${groupId}}`]);
        return;
      }
      case 'GroupLeft':
        await em.execute('DELETE FROM group_members WHERE group_id = ? AND user_id = ?', [event.data.groupId, event.data.userId]);
        await em.execute(RECOUNT, [`{${event.data.groupId}}`]);
        return;
      case 'GroupMemberRoleChanged':
        await em.execute('UPDATE group_members SET role = ? WHERE group_id = ? AND user_id = ?', [event.data.role, event.data.groupId, event.data.userId]);
        return;
      case 'GroupMemberMuted': {
        const { groupId, userId, mutedUntil, mutedBy } = event.data;
        await em.execute(
          `INSERT INTO group_mutes (group_id, user_id, muted_until, muted_by) VALUES (?, ?, ?, ?)
           ON CONFLICT (group_id, user_id) DO UPDATE SET muted_until = excluded.muted_until, muted_by = excluded.muted_by`,
          [groupId, userId, mutedUntil, mutedBy],
        );
        await em.execute('UPDATE group_members SET is_muted = true WHERE group_id = ? AND user_id = ?', [groupId, userId]);
        return;
      }
      case 'GroupMemberUnmuted':
        await em.execute('DELETE FROM group_mutes WHERE group_id = ? AND user_id = ?', [event.data.groupId, event.data.userId]);
        await em.execute('UPDATE group_members SET is_muted = false WHERE group_id = ? AND user_id = ?', [event.data.groupId, event.data.userId]);
        return;
      case 'UserErased': {
        await em.execute('DELETE FROM group_mutes WHERE user_id = ?', [event.data.userId]);
        const left: { group_id: string }[] = await em.execute('DELETE FROM group_members WHERE user_id = ? RETURNING group_id', [event.data.userId]);
        if (left.length > 0) await em.execute(RECOUNT, [`{${left.map((row) => row.group_id).join(',')}}`]);
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }
}
