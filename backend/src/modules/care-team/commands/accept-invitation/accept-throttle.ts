import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { INVITATION_MESSAGES } from '@carecircle/libs';
import { countAttempt } from '../../../../platform/http/attempt-limit';
import { TooManyRequestsException } from '../../../../platform/http/too-many-requests';
import { REDIS } from '../../../../platform/queue/queue.module';

/**
 * Accept attempts (docs/care-team.md): a token has 256 bits, so guessing is hopeless anyway; the
 * limits keep a client from using the accept route as an oracle at volume. Every attempt counts,
 * valid or not, before the token is looked up.
 */
export const ACCEPT_LIMITS = { perUserPerHour: 20, perAddressPerHour: 60, windowSeconds: 60 * 60 } as const;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

@Injectable()
export class AcceptThrottle {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async beforeAccept(userId: string, address: string): Promise<void> {
    const { perUserPerHour, perAddressPerHour, windowSeconds } = ACCEPT_LIMITS;
    const waits = [
      await countAttempt(this.redis, `invitation-accept:user:${userId}`, perUserPerHour, windowSeconds),
      await countAttempt(this.redis, `invitation-accept:address:${digest(address)}`, perAddressPerHour, windowSeconds),
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw new TooManyRequestsException(INVITATION_MESSAGES.tooManyAttempts, wait);
  }

  /** Looking a link up (whom it invites) counts per client address, as accepting does, on its own counter. */
  async beforeLookup(address: string): Promise<void> {
    const { perAddressPerHour, windowSeconds } = ACCEPT_LIMITS;
    const wait = await countAttempt(this.redis, `invitation-lookup:address:${digest(address)}`, perAddressPerHour, windowSeconds);
    if (wait > 0) throw new TooManyRequestsException(INVITATION_MESSAGES.tooManyAttempts, wait);
  }
}
