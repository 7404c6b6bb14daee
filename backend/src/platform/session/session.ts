import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** When the user signed in (ms); the absolute time-out counts from here. */
    signedInAt: number;
  }
}

export const SESSION_COOKIE = 'cc.sid';
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

/** Sessions live in the spec's `sessions` table (sid, sess, expire), so API instances are stateless. */
export function sessionMiddleware(pool: Pool, secret: string): RequestHandler {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE,
    secret,
    store: new PgStore({ pool, tableName: 'sessions', createTableIfMissing: false, pruneSessionInterval: false }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_IDLE_MS },
  });
}
