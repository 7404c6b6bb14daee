import { timingSafeEqual } from 'node:crypto';
import type { Session, SessionData } from 'express-session';
import { hashSecretToken, newSecretToken } from '../../../platform/http/secret-token';

declare module 'express-session' {
  interface SessionData {
    /** The pending Google consent's `state` (its SHA-256) and until when it may come back (ms). */
    googleCalendarState?: { hash: string; expiresAt: number };
  }
}

/** How long the consent page may take: a caregiver choosing an account and reading the scopes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

type AppSession = Session & Partial<SessionData>;

const saved = (session: AppSession) => new Promise<void>((resolve, reject) => session.save((error) => (error ? reject(error) : resolve())));

/**
 * A new `state` for the consent URL (256 random bits), bound to this session: only its hash is kept
 * there, and a new consent replaces the one before.
 */
export async function issueOAuthState(session: AppSession, now: number): Promise<string> {
  const state = newSecretToken();
  session.googleCalendarState = { hash: hashSecretToken(state), expiresAt: now + OAUTH_STATE_TTL_MS };
  await saved(session);
  return state;
}

/**
 * Whether `state` is the one this session's consent was issued with and still fresh. Single use:
 * whatever the answer, the pending state is gone afterwards.
 */
export async function takeOAuthState(session: AppSession, state: unknown, now: number): Promise<boolean> {
  const pending = session.googleCalendarState;
  if (!pending) return false;
  delete session.googleCalendarState;
  await saved(session);
  if (typeof state !== 'string' || state.length === 0 || state.length > 200 || pending.expiresAt < now) return false;
  return timingSafeEqual(Buffer.from(hashSecretToken(state), 'hex'), Buffer.from(pending.hash, 'hex'));
}
