import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { accountSecurityStream, USER_AGENT_MAX_LENGTH, type AccountSecurityEvent } from '../domain/account-security';

/**
 * Appends an account's security facts (sign-ins, failures, sign-outs) for the audit log. The answer
 * to the user does not depend on the audit read model, so nothing here waits for projections.
 */
@Injectable()
export class SecurityLog {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  signedIn(req: Request, userId: string): Promise<void> {
    return this.record(req, userId, (at) => ({ type: 'SignedIn', data: { userId, method: 'password', ...origin(req), signedInAt: at } }));
  }

  signInFailed(req: Request, userId: string): Promise<void> {
    return this.record(req, userId, (at) => ({ type: 'SignInFailed', data: { userId, ...origin(req), failedAt: at } }));
  }

  signedOut(req: Request, userId: string): Promise<void> {
    return this.record(req, userId, (at) => ({ type: 'SignedOut', data: { userId, signedOutAt: at } }));
  }

  private async record(req: Request, userId: string, fact: (occurredAt: string) => AccountSecurityEvent): Promise<void> {
    const metadata = { ...commandMetadata(req), actorId: userId, causationId: null };
    const { type, data } = fact(metadata.occurredAt);
    await this.store.append(accountSecurityStream(userId), [{ id: randomUUID(), type, data, metadata }], 'any');
  }
}

/** Where the request came from: the address Express trusts (see TRUSTED_PROXIES) and the browser's own words. */
function origin(req: Request): { address: string; userAgent: string } {
  return { address: req.ip ?? 'unknown', userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX_LENGTH) };
}
