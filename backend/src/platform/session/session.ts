import { randomBytes } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import onHeaders from 'on-headers';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';
import { prepared } from '../database/prepared';
import { waitedForWrites, type SessionWritten } from '../http/read-your-writes';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** When the user signed in (ms); the absolute time-out counts from here. */
    signedInAt: number;
    /** Loaded with the session from `session_writes`, never stored in it (read-your-writes.ts). */
    written?: SessionWritten;
    /** What the app loads in the session's statement (sessionMiddleware's `alongside`), never stored in it. */
    alongside?: unknown;
    /** What the session's statement loaded for this request's path (sessionMiddleware's `prefetch`), never stored in it. */
    prefetched?: Prefetched;
    /** When (performance.now()) the session's statement was sent, never stored: read-your-writes.ts compares it. */
    loadedAt?: number;
  }
}

export const SESSION_COOKIE = 'cc.sid';
/**
 * Readable by the page, saying only "a session exists": the front end asks GET /api/auth/user only
 * when it is there, so a visitor who never signed in gets no 401 (a console error on every public
 * page). It follows the session on every answer: set while the session has a user, cleared when it
 * has none. The session itself stays in the httpOnly cookie.
 */
export const SIGNED_IN_HINT_COOKIE = 'cc.signed-in';
/** Idle time-out: the cookie and the stored session expire this long after the last request. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** Absolute time-out: a session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** SESSION_SECRET, or one generated on first start and kept in the database for every instance. */
export async function resolveSessionSecret(pool: Pool, configured: string | null): Promise<string> {
  if (configured) return configured;
  await pool.query(
    `INSERT INTO app_secrets (name, value) VALUES ('session_secret', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(48).toString('base64url')],
  );
  const { rows } = await pool.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'session_secret'`);
  return rows[0].value;
}

/**
 * A session's stored expiry moves at most this often. Rolling sessions otherwise cost every request
 * an UPDATE of its row before the answer is finished (express-session waits for the store's touch);
 * against a 7-day idle time-out a minute of drift is nothing.
 */
export const SESSION_TOUCH_EVERY_MS = 60_000;
/** Sessions this process remembers having touched (the oldest is forgotten first). */
const TOUCHED_MEMORY = 10_000;

/**
 * What a request's path needs besides the session, loaded in the session's statement: `sql` is an SQL
 * expression over the sessions row `s` with `?` placeholders for `params`; `key` names what it loads.
 */
export interface Prefetch {
  key: string;
  sql: string;
  params: unknown[];
}

/** A prefetch's value (null when the expression was null), under its key. */
export interface Prefetched {
  key: string;
  value: unknown;
}

/**
 * Sessions live in the spec's `sessions` table (sid, sess, expire), so API instances are stateless.
 * `alongside`: an SQL expression over the sessions row `s` whose value the same statement loads into
 * `session.alongside` (the app passes the signed-in user's row: identity's USER_OF_SESSION).
 * `prefetch`: per request, what its path will read first (the app passes the recipient access check of
 * child- and task-addressed routes), loaded into `session.prefetched` by the same statement.
 */
export function sessionMiddleware(pool: Pool, secret: string, alongside?: string, prefetch?: (req: Request) => Prefetch | null): RequestHandler {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({ pool, tableName: 'sessions', createTableIfMissing: false, pruneSessionInterval: false });
  // One round trip loads the session, what it last left to its next request (read-your-writes.ts) and `alongside`.
  const load = (extra: Prefetch | null) => {
    let n = 2;
    const prefetched = extra ? `, ${extra.sql.replace(/\?/g, () => `$${++n}`)} AS prefetched` : '';
    return `SELECT s.sess, w.position::text AS position, w.types${alongside ? `, ${alongside} AS alongside` : ''}${prefetched}
      FROM sessions s LEFT JOIN session_writes w ON w.sid = s.sid WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;
  };
  // express-session's store.get has no request: the request being loaded is found through this.
  const loading = new AsyncLocalStorage<Request>();
  store.get = (sid, done) => {
    const req = loading.getStore();
    const extra = req && prefetch ? prefetch(req) : null;
    type Row = { sess: SessionData; position: string | null; types: string[] | null; alongside?: unknown; prefetched?: unknown };
    const loadedAt = performance.now();
    pool.query<Row>(prepared(load(extra), [sid, Math.ceil(Date.now() / 1000), ...(extra?.params ?? [])])).then(({ rows: [row] }) => {
      if (!row) return done(null, null);
      const written = row.position ? { written: { position: row.position, types: row.types ?? [] } } : {};
      const prefetched = extra ? { prefetched: { key: extra.key, value: row.prefetched ?? null } } : {};
      done(null, { ...row.sess, ...written, ...(row.alongside != null ? { alongside: row.alongside } : {}), ...prefetched, loadedAt });
    }, done);
  };
  const set = store.set.bind(store);
  store.set = (sid, { written: _written, alongside: _alongside, prefetched: _prefetched, loadedAt: _loadedAt, ...sess }, done) => set(sid, sess as SessionData, done);
  // The stored expiry moves after the answer, at most once a minute per session. express-session, given a
  // store with touch(), holds every signed-in answer until the touch calls back and meanwhile writes all
  // but its last byte (two socket writes where one would do, and an answer no later step can compress
  // whole, compression.ts): so the store has no touch() for it, and the touch happens here.
  const touch = store.touch.bind(store);
  store.touch = undefined as never;
  const touchedAt = new Map<string, number>();
  const touchLater = (sid: string, sess: SessionData) => {
    const now = Date.now();
    if (now - (touchedAt.get(sid) ?? 0) < SESSION_TOUCH_EVERY_MS) return;
    touchedAt.delete(sid);
    touchedAt.set(sid, now);
    if (touchedAt.size > TOUCHED_MEMORY) touchedAt.delete(touchedAt.keys().next().value as string);
    touch(sid, sess, () => {}); // a touch lost (database away) is made by the session's next request a minute later
  };
  const sessions = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_IDLE_MS },
  });
  return (req, res, next) =>
    loading.run(req, () => sessions(req, res, (error?: unknown) => {
      if (error) return next(error);
      // Only stored sessions (signed in): a visitor's unsaved session has no row to touch.
      const sid = req.session?.userId ? req.sessionID : null;
      if (sid) res.once('finish', () => req.sessionID === sid && req.session?.userId && touchLater(sid, req.session as SessionData));
      next();
    }));
}

/**
 * What the session's statement loaded for `key`, when this request may use it: undefined when it was
 * not loaded, or when the request then waited for the session's writes (read-your-writes.ts), which
 * may have changed it (the caller reads it again); else the value, null included.
 */
export function prefetchedFor(req: Request, key: string): unknown {
  const prefetched = req.session?.prefetched;
  if (!prefetched || prefetched.key !== key || waitedForWrites(req).length > 0) return undefined;
  return prefetched.value;
}

/** Keeps SIGNED_IN_HINT_COOKIE in step with the session, as each answer's headers are written (after sign-in or sign-out). */
export function signedInHint(): RequestHandler {
  return (req, res, next) => {
    const hinted = req.headers.cookie?.includes(`${SIGNED_IN_HINT_COOKIE}=`) ?? false;
    onHeaders(res, () => {
      if (req.session?.userId) res.cookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure: req.secure, maxAge: SESSION_IDLE_MS });
      else if (hinted) res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
    });
    next();
  };
}
