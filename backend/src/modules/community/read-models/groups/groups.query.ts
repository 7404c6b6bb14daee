import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { GROUP_CATEGORIES, type GroupDetail, type GroupRole, type SupportGroup } from '@carecircle/libs';

interface Row {
  id: string;
  name: string;
  description: string;
  category: SupportGroup['category'];
  icon: string;
  color: string;
  rules: string[];
  member_count: number;
  is_member: boolean;
}

const answer = (row: Row): SupportGroup => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  icon: row.icon,
  color: row.color,
  rules: row.rules,
  memberCount: row.member_count,
  isMember: row.is_member,
});

/** The spec's order of the categories (the order of GROUP_CATEGORIES), then name. */
const SELECT = `
  SELECT g.id, g.name, g.description, g.category, g.icon, g.color, g.rules, g.member_count,
         (m.user_id IS NOT NULL) AS is_member
    FROM groups g LEFT JOIN group_members m ON m.group_id = g.id AND m.user_id = ?
   WHERE g.is_active`;
const ORDER = ` ORDER BY array_position(?::text[], g.category), g.name, g.id`;
const CATEGORY_ORDER = `{${GROUP_CATEGORIES.join(',')}}`;

/** The groups as one user sees them (whether they are a member); reads only the read models. */
@Injectable()
export class GroupsQuery {
  constructor(private readonly em: EntityManager) {}

  /** Every active group. */
  async all(userId: string): Promise<SupportGroup[]> {
    return ((await this.em.fork().execute(SELECT + ORDER, [userId, CATEGORY_ORDER])) as Row[]).map(answer);
  }

  /** The groups the user is a member of. */
  async joinedBy(userId: string): Promise<SupportGroup[]> {
    return ((await this.em.fork().execute(`${SELECT} AND m.user_id IS NOT NULL${ORDER}`, [userId, CATEGORY_ORDER])) as Row[]).map(answer);
  }

  /**
   * GET /api/groups/{id}: the group as `userId` sees it, with their role, mute (only while it
   * lasts) and whether they moderate (role moderator or admin, or a super_admin). Null: unknown.
   */
  async detail(userId: string, groupId: string, isSuperAdmin: boolean): Promise<GroupDetail | null> {
    const rows = (await this.em.fork().execute(
      `SELECT g.id, g.name, g.description, g.category, g.icon, g.color, g.rules, g.member_count,
              (m.user_id IS NOT NULL) AS is_member, m.role,
              (SELECT u.muted_until FROM group_mutes u WHERE u.group_id = g.id AND u.user_id = ? AND u.muted_until > now()) AS muted_until
         FROM groups g LEFT JOIN group_members m ON m.group_id = g.id AND m.user_id = ?
        WHERE g.is_active AND g.id = ?`,
      [userId, userId, groupId],
    )) as (Row & { role: GroupRole | null; muted_until: Date | null })[];
    if (rows.length === 0) return null;
    const row = rows[0];
    return {
      ...answer(row),
      myRole: row.role,
      mutedUntil: row.muted_until ? new Date(row.muted_until).toISOString() : null,
      canModerate: isSuperAdmin || row.role === 'moderator' || row.role === 'admin',
    };
  }

  /** The user's role in each of `groupIds` they are a member of now (live updates judge it at each delivery). */
  async rolesIn(userId: string, groupIds: string[]): Promise<Map<string, GroupRole>> {
    if (groupIds.length === 0) return new Map();
    const rows = (await this.em
      .fork()
      .execute('SELECT group_id, role FROM group_members WHERE user_id = ? AND group_id = ANY(?::uuid[])', [userId, `{${[...new Set(groupIds)].join(',')}}`])) as {
      group_id: string;
      role: GroupRole;
    }[];
    return new Map(rows.map((row) => [row.group_id, row.role]));
  }

  async byId(userId: string, groupId: string): Promise<SupportGroup | null> {
    const rows = (await this.em.fork().execute(`${SELECT} AND g.id = ?`, [userId, groupId])) as Row[];
    return rows.length > 0 ? answer(rows[0]) : null;
  }
}
