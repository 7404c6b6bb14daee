import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_SEARCH_MAX_LENGTH, ADMIN_TEXT, type AdminUser, type Page, type User } from '@carecircle/libs';
import { invalidInput } from '../../../../platform/commands/domain-error';
import { preparedRows } from '../../../../platform/database/prepared';
import { micros, timeAndId, toPage } from '../../../../platform/http/page';
import { UserEntity, toUser } from './users.entity';

/**
 * The users row under its entity's property names. byId runs before every signed-in request, and a
 * plain statement costs a third of the CPU of MikroORM's findOne (0.4 against 1.3 ms, measured).
 */
const USER_COLUMNS = `id, email, first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl", role, timezone,
  subscription_plan AS "subscriptionPlan", subscription_active AS "subscriptionActive", primary_user_id AS "primaryUserId",
  has_web_authn AS "hasWebAuthn", signed_up_with_google AS "signedUpWithGoogle", enable_prayer_tasks AS "enablePrayerTasks", prayer_calculation_method AS "prayerCalculationMethod",
  latitude::text AS latitude, longitude::text AS longitude, created_at AS "createdAt", updated_at AS "updatedAt"`;
const USER_ROW = `SELECT ${USER_COLUMNS} FROM users`;

/**
 * The signed-in user's row as JSON (byId's columns), for the session's own statement to load with the
 * session (platform/session: `s` is the sessions row): one round trip fewer before every signed-in
 * request. Null without a user id in the session or a user of that id.
 */
export const USER_OF_SESSION = `(SELECT to_jsonb(u) FROM (SELECT ${USER_COLUMNS} FROM users
  WHERE id = CASE WHEN s.sess->>'userId' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN (s.sess->>'userId')::uuid END) u)`;
const NAME_ROW = 'SELECT id, email, first_name AS "firstName", last_name AS "lastName" FROM users WHERE id IN (?)';
type NameRow = Pick<UserEntity, 'id' | 'email' | 'firstName' | 'lastName'>;

/** What a user's prayer tasks are made from (issue 24): their settings, zone and the current period. */
export interface PrayerTaskSettings {
  userId: string;
  enablePrayerTasks: boolean;
  prayerCalculationMethod: number;
  /** Degrees, or null when no location is stored (the default location applies). */
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  /** When prayer tasks were last turned on (ISO), null while off. */
  prayerTasksSince: string | null;
}

const PRAYER_SETTINGS_ROW = `SELECT id, enable_prayer_tasks, prayer_calculation_method, latitude::float8 AS latitude, longitude::float8 AS longitude,
  timezone, prayer_tasks_since FROM users`;
interface PrayerSettingsRow {
  id: string;
  enable_prayer_tasks: boolean;
  prayer_calculation_method: number;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  prayer_tasks_since: Date | string | null;
}
const toPrayerTaskSettings = (row: PrayerSettingsRow): PrayerTaskSettings => ({
  userId: row.id,
  enablePrayerTasks: row.enable_prayer_tasks,
  prayerCalculationMethod: row.prayer_calculation_method,
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
  timezone: row.timezone,
  prayerTasksSince: row.prayer_tasks_since === null ? null : new Date(row.prayer_tasks_since).toISOString(),
});

/** A page's key in the admin's list: the previous page's last (created_at to the microsecond, id). */
export interface UserListCursor {
  at: string;
  id: string;
}
/**
 * The list's cursors carry its name first, so a (time, id) key another list gave out (notifications
 * have the same shape) is refused as a 400, not read as a position here.
 */
const USER_LIST_CURSOR_TAG = 'users';
export const userListCursor = ([tag, ...key]: string[]): UserListCursor | null => (tag === USER_LIST_CURSOR_TAG ? timeAndId(key) : null);
interface AdminUserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: AdminUser['role'];
  subscription_plan: AdminUser['subscriptionPlan'];
  subscription_active: boolean;
  created_at: Date;
  created_key: string;
}
const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role,
  subscriptionPlan: row.subscription_plan,
  subscriptionActive: row.subscription_active,
  createdAt: new Date(row.created_at).toISOString(),
});
/**
 * What the admin's search matches: email, first and last name, lowercase, in one text (so "ana lopez"
 * finds Ana Lopez). users_search_trgm_idx (Migration20261129040000) indexes this very expression.
 */
const SEARCHED_TEXT = `(lower(email) || ' ' || lower(coalesce(first_name, '')) || ' ' || lower(coalesce(last_name, '')))`;
/** `text` matched literally inside LIKE: its wildcards and the escape character escaped. */
const likeAnywhere = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * An admin list's `?search=` (users, audit): absent or blank is everyone; text of at most
 * ADMIN_SEARCH_MAX_LENGTH characters without NUL, trimmed, else a 400 that names the field.
 */
export function adminSearchText(raw: unknown): string {
  if (raw === undefined) return '';
  if (typeof raw !== 'string' || raw.length > ADMIN_SEARCH_MAX_LENGTH || raw.includes('\u0000')) throw invalidInput('ADMIN.INVALID_SEARCH')('search', ADMIN_TEXT.badSearch);
  return raw.trim();
}

/** Reads only the users read model. */
@Injectable()
export class UsersQuery {
  constructor(private readonly em: EntityManager) {}

  async byId(id: string): Promise<User | null> {
    const [row]: UserEntity[] = await this.em.fork().execute(`${USER_ROW} WHERE id = ?`, [id]);
    return row ? toUser(row) : null;
  }

  /** One user's prayer-task settings, or null when there is no such user. */
  async prayerTaskSettings(userId: string): Promise<PrayerTaskSettings | null> {
    const [row]: PrayerSettingsRow[] = await this.em.fork().execute(`${PRAYER_SETTINGS_ROW} WHERE id = ?`, [userId]);
    return row ? toPrayerTaskSettings(row) : null;
  }

  /** A page (by id, after `afterId`) of the users with prayer tasks turned on: the prayer-tasks job walks them. */
  async withPrayerTasks(afterId: string | null, limit: number): Promise<PrayerTaskSettings[]> {
    const rows: PrayerSettingsRow[] = await this.em
      .fork()
      .execute(`${PRAYER_SETTINGS_ROW} WHERE enable_prayer_tasks AND (?::uuid IS NULL OR id > ?::uuid) ORDER BY id LIMIT ?`, [afterId, afterId, limit]);
    return rows.map(toPrayerTaskSettings);
  }

  /** Which of these users have prayer tasks turned on (a recipient's change concerns only them). */
  async prayerTasksOnAmong(userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows: { id: string }[] = await this.em.fork().execute('SELECT id FROM users WHERE id IN (?) AND enable_prayer_tasks', [userIds]);
    return rows.map((row) => row.id);
  }

  /** The user registered with this email (compared as registration stores it: trimmed, lowercase). */
  async byEmail(email: string): Promise<User | null> {
    const [row]: UserEntity[] = await this.em.fork().execute(`${USER_ROW} WHERE email = ?`, [email.trim().toLowerCase()]);
    return row ? toUser(row) : null;
  }

  /** Display name (as `displayNames`) and email of the users that exist among `ids`. */
  async contacts(ids: Iterable<string>): Promise<Map<string, { name: string; email: string }>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows: NameRow[] = await this.em.fork().execute(NAME_ROW, [wanted]);
    return new Map(rows.map((row) => [row.id, { name: displayName(row), email: row.email }]));
  }

  /**
   * The admin's list, newest first, a page after `after`: every user, or those whose email, first or
   * last name (or both names together) contain `search`, ignoring case. Walks users_created_at_id_idx
   * and stops at `limit + 1` matches, or (a rare term) reads the matches through the trigram index.
   */
  async page({ search, after, limit }: { search: string; after: UserListCursor | null; limit: number }): Promise<Page<AdminUser>> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (search !== '') {
      conditions.push(`${SEARCHED_TEXT} LIKE lower(?)`);
      params.push(likeAnywhere(search));
    }
    if (after) {
      conditions.push('(created_at, id) < (?::timestamptz, ?::uuid)');
      params.push(after.at, after.id);
    }
    const rows: AdminUserRow[] = await this.em.fork().execute(
      `SELECT id, email, first_name, last_name, role, subscription_plan, subscription_active, created_at, ${micros('created_at')} AS created_key
       FROM users ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT ?`,
      [...params, limit + 1],
    );
    return toPage(rows, limit, (row) => [USER_LIST_CURSOR_TAG, row.created_key, row.id], toAdminUser);
  }

  /** The newest `max` accounts whose email, first or last name contain `search` (as `page` matches), for the admin's audit search. */
  async idsMatching(search: string, max: number): Promise<string[]> {
    const rows: { id: string }[] = await this.em
      .fork()
      .execute(`SELECT id FROM users WHERE ${SEARCHED_TEXT} LIKE lower(?) ORDER BY created_at DESC, id DESC LIMIT ?`, [likeAnywhere(search), max]);
    return rows.map((row) => row.id);
  }

  /** How many accounts there are (the admin's Total Users). */
  async count(): Promise<number> {
    const [row]: { n: number }[] = await this.em.fork().execute('SELECT count(*)::int AS n FROM users');
    return row.n;
  }

  /** Display names (first and last name, else the email) of the users that exist among `ids`. */
  async displayNames(ids: Iterable<string>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    // Prepared: the day views name who completed each task.
    const rows = await preparedRows<NameRow>(this.em, 'SELECT id, email, first_name AS "firstName", last_name AS "lastName" FROM users WHERE id = ANY($1::uuid[])', [wanted]);
    return new Map(rows.map((row) => [row.id, displayName(row)]));
  }
}

/** First and last name, else the email: how a user is named to others. */
export const displayName = (row: Pick<UserEntity, 'firstName' | 'lastName' | 'email'>): string =>
  [row.firstName, row.lastName].filter((part) => part?.trim()).join(' ').trim() || row.email;
