import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { isUuid, type Child } from '@carecircle/libs';
import { preparedRows } from '../../../../platform/database/prepared';
import { prefetchedFor, type Prefetch } from '../../../../platform/session/session';

interface ChildRow {
  id: string;
  first_name: string;
  last_name: string;
  name: string;
  date_of_birth: string | null;
  profile_image_url: string | null;
  medical_notes: string | null;
  notes: string | null;
  gender: string | null;
  phone: string | null;
  email: string | null;
  primary_caregiver_id: string;
  created_at: Date;
  updated_at: Date;
  can_edit: boolean;
}

/**
 * A subquery answering one row's recipient id (`SELECT child_id FROM <its table> WHERE id = ?`), and its
 * parameters: `?` placeholders, and no other `?` in the text (getFor numbers them).
 */
export interface RecipientOf {
  sql: string;
  params: unknown[];
}

/** The recipients a user may see: their own, and those shared with them through child_access. */
const VISIBLE = `
  SELECT c.id, c.first_name, c.last_name, c.name, to_char(c.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
         c.profile_image_url, c.medical_notes, c.notes, c.gender, c.phone, c.email, c.primary_caregiver_id,
         c.created_at, c.updated_at, (c.primary_caregiver_id = ? OR coalesce(a.can_edit, false)) AS can_edit
  FROM children c
  LEFT JOIN child_access a ON a.child_id = c.id AND a.user_id = ?
  WHERE (c.primary_caregiver_id = ? OR a.user_id IS NOT NULL)`;

/** The session's user, in an SQL expression over the sessions row `s` (platform/session). */
const SESSION_USER = `(s.sess->>'userId')::uuid`;

/**
 * The access check of a request addressed by a recipient (or a row of one: RecipientOf), as the session's
 * statement can load it (sessionMiddleware's prefetch): one round trip fewer on every child- and
 * task-addressed request. `key` names it for the guard that uses it (prefetchedChild). Null for an id
 * that is not a UUID (the guard answers those).
 */
export function recipientAccessPrefetch(key: string, id: string, recipient: string | RecipientOf = id): Prefetch | null {
  if (!isUuid(id)) return null;
  const [condition, params] = typeof recipient === 'string' ? ['c.id = ?', [recipient]] : [`c.id = (${recipient.sql})`, recipient.params];
  return { key, sql: `(SELECT to_jsonb(v) FROM (${VISIBLE.replace(/\?/g, SESSION_USER)} AND ${condition}) v)`, params };
}

/**
 * What recipientAccessPrefetch loaded under `key` for this request: the recipient as its user sees it,
 * null when they may not see it, undefined when nothing usable was loaded (the guard asks getFor).
 */
export function prefetchedChild(req: Request, key: string): Child | null | undefined {
  const row = prefetchedFor(req, key);
  return row === undefined ? undefined : row === null ? null : toChild(row as ChildRow);
}

/** knex's `?` placeholders as PostgreSQL's `$1`, `$2`, ... (for texts with no other `?`). */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

function toChild(row: ChildRow): Child {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.name,
    dateOfBirth: row.date_of_birth,
    medicalConditions: row.medical_notes,
    medicalNotes: row.medical_notes,
    notes: row.notes,
    gender: row.gender,
    phone: row.phone,
    email: row.email,
    profileImageUrl: row.profile_image_url,
    primaryCaregiverId: row.primary_caregiver_id,
    canEdit: row.can_edit,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

@Injectable()
export class ChildrenQuery {
  constructor(private readonly em: EntityManager) {}

  async listFor(userId: string): Promise<Child[]> {
    const rows = await preparedRows<ChildRow>(this.em, `${numbered(VISIBLE)} ORDER BY c.created_at, c.id`, [userId, userId, userId]);
    return rows.map(toChild);
  }

  /**
   * Who the owner's recipients are shared with (the caregivers panel): one row per caregiver and
   * recipient, recipients in the order they were added.
   */
  async sharedBy(ownerId: string): Promise<{ userId: string; childId: string; childName: string; canEdit: boolean }[]> {
    const rows: { user_id: string; child_id: string; name: string; can_edit: boolean }[] = await this.em.fork().execute(
      `SELECT a.user_id, a.child_id, c.name, a.can_edit FROM child_access a JOIN children c ON c.id = a.child_id
       WHERE c.primary_caregiver_id = ? AND a.user_id <> c.primary_caregiver_id ORDER BY c.created_at, c.id, a.user_id`,
      [ownerId],
    );
    return rows.map((row) => ({ userId: row.user_id, childId: row.child_id, childName: row.name, canEdit: row.can_edit }));
  }

  /** Ids of the recipients the user is the primary caregiver of (at most FAMILY_LIMITS.recipientsPerCaregiver), oldest first. */
  async ownedIds(userId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.em.fork().execute('SELECT id FROM children WHERE primary_caregiver_id = ? ORDER BY created_at, id', [userId]);
    return rows.map((row) => row.id);
  }

  /** The primary caregivers of these recipients (those that exist). */
  async primaryCaregiversOf(childIds: string[]): Promise<string[]> {
    if (childIds.length === 0) return [];
    const rows: { id: string }[] = await this.em.fork().execute('SELECT DISTINCT primary_caregiver_id AS id FROM children WHERE id IN (?)', [childIds]);
    return rows.map((row) => row.id);
  }

  /** Everyone who sees these recipients: their primary caregivers and the caregivers they are shared with. */
  async viewersOf(childIds: string[]): Promise<string[]> {
    if (childIds.length === 0) return [];
    const rows: { id: string }[] = await this.em
      .fork()
      .execute('SELECT primary_caregiver_id AS id FROM children WHERE id IN (?) UNION SELECT user_id AS id FROM child_access WHERE child_id IN (?)', [childIds, childIds]);
    return rows.map((row) => row.id);
  }

  /** How many recipients the user is the primary caregiver of (the recipients limit's count). */
  async ownedCount(userId: string): Promise<number> {
    const [row]: { n: string }[] = await this.em.fork().execute('SELECT count(*) AS n FROM children WHERE primary_caregiver_id = ?', [userId]);
    return Number(row.n);
  }

  /**
   * The recipient as the user sees it, or null. `childId` may be a one-column subquery of another
   * module's read model (the recipient of a task or an update, `RecipientOf`): the access check of a
   * route addressed by that row's id is then one round trip, not two.
   */
  async getFor(userId: string, childId: string | RecipientOf): Promise<Child | null> {
    const [condition, params] = typeof childId === 'string' ? ['c.id = ?', [childId]] : [`c.id = (${childId.sql})`, childId.params];
    // On every child-scoped request: a prepared statement (platform/database/prepared.ts).
    const rows = await preparedRows<ChildRow>(this.em, numbered(`${VISIBLE} AND ${condition}`), [userId, userId, userId, ...params]);
    return rows.length > 0 ? toChild(rows[0]) : null;
  }
}
