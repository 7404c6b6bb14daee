import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store';
import { accountSecurityStream, type AccountSecurityEvent } from '../domain/account-security';

/** Where a request came from, as the HTTP side reads it (requestOrigin in sign-in.ts). */
export interface RequestOrigin {
  address: string;
  userAgent: string;
}

/**
 * Appends an account's security facts (sign-ins, failures, sign-outs) for the audit log. The answer
 * to the user does not depend on the audit read model, so nothing here waits for projections.
 */
@Injectable()
export class SecurityLog {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  signedIn(userId: string, origin: RequestOrigin, metadata: CommandMetadata, method: 'password' | 'passkey' | 'google' = 'password'): Promise<void> {
    return this.record(userId, metadata, (at) => ({ type: 'SignedIn', data: { userId, method, ...origin, signedInAt: at } }));
  }

  signInFailed(userId: string, origin: RequestOrigin, metadata: CommandMetadata, method?: 'passkey'): Promise<void> {
    return this.record(userId, metadata, (at) => ({ type: 'SignInFailed', data: { userId, ...(method ? { method } : {}), ...origin, failedAt: at } }));
  }

  signedOut(userId: string, metadata: CommandMetadata): Promise<void> {
    return this.record(userId, metadata, (at) => ({ type: 'SignedOut', data: { userId, signedOutAt: at } }));
  }

  private async record(userId: string, command: CommandMetadata, fact: (occurredAt: string) => AccountSecurityEvent): Promise<void> {
    const metadata = { ...command, actorId: userId, causationId: null };
    const { type, data } = fact(metadata.occurredAt);
    await this.store.append(accountSecurityStream(userId), [{ id: randomUUID(), type, data, metadata }], 'any');
  }
}
