import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { GROUP_CATEGORIES, type SupportGroup } from '@carecircle/libs';

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

  async byId(userId: string, groupId: string): Promise<SupportGroup | null> {
    const rows = (await this.em.fork().execute(`${SELECT} AND g.id = ?`, [userId, groupId])) as Row[];
    return rows.length > 0 ? answer(rows[0]) : null;
  }
}
