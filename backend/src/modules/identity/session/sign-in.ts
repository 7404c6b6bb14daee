import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../../../platform/session/session';
import { USER_AGENT_MAX_LENGTH } from '../domain/account-security';
import type { RequestOrigin } from './security-log';

/** A new session id at every sign-in (no fixation), carrying the user and the sign-in time. */
export async function startSession(req: Request, userId: string): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
  req.session.userId = userId;
  req.session.signedInAt = Date.now();
  await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}

export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.session) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
  res.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Where the request came from: the address Express trusts (see TRUSTED_PROXIES) and the browser's own words. */
export function requestOrigin(req: Request): RequestOrigin {
  return { address: req.ip ?? 'unknown', userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX_LENGTH) };
}
