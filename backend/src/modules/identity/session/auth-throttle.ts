import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { countAttempt } from '../../../platform/http/attempt-limit';
import { TooManyRequestsException } from '../../../platform/http/too-many-requests';
import { REDIS } from '../../../platform/queue/queue.module';

/** Password sign-in limits (docs/security.md, "Sign-in throttling"). */
export const SIGN_IN_LIMITS = {
  /** Attempts of one email from one address that need not wait; each further one waits, and the wait doubles. */
  freeAttemptsPerPair: 5,
  firstDelaySeconds: 16,
  maxDelaySeconds: 15 * 60,
  /** A pair's count is forgotten this long after its last attempt (a successful sign-in clears it at once). */
  pairMemorySeconds: 24 * 60 * 60,
  /** Failed attempts from one address, whatever the email, within one window. */
  failuresPerAddress: 30,
  addressWindowSeconds: 60 * 60,
} as const;
const REGISTRATION_WINDOW_SECONDS = 60 * 60;
/**
 * Passkey and Google sign-ins begun per address and minute. Each begin stores a challenge (Redis) and
 * an anonymous session (PostgreSQL); no person starts sixty sign-ins a minute.
 */
export const SIGN_IN_STARTS_PER_ADDRESS_PER_MINUTE = 60;

// Each script counts first and decides in the same step (Redis runs a script atomically), so parallel
// attempts cannot all read the same old count. They answer 0 (go ahead) or the seconds to wait.

/** KEYS: pair, address. ARGV: now (ms), free attempts, first delay, max delay, pair memory, address cap, address window. */
const SIGN_IN_ATTEMPT = `
local now = tonumber(ARGV[1])
local notBefore = tonumber(redis.call('HGET', KEYS[1], 'notBefore') or '0')
if notBefore > now then return math.ceil((notBefore - now) / 1000) end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[6]) then
  return math.max(1, math.ceil(redis.call('PTTL', KEYS[2]) / 1000))
end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
local free = tonumber(ARGV[2])
if attempts >= free then
  local delay = math.min(tonumber(ARGV[3]) * 2 ^ (attempts - free), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'notBefore', now + delay * 1000)
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
if redis.call('INCR', KEYS[2]) == 1 then redis.call('EXPIRE', KEYS[2], ARGV[7]) end
return 0`;

/** KEYS: pair, address. The attempt was no failure: the pair starts again, the address gets its count back. */
const SIGN_IN_SUCCEEDED = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 0`;

/** Emails and addresses are personal data: keys carry only their hash. */
const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

/**
 * Throttles password sign-in per (email, address) pair with a doubling wait, and per address across
 * emails; throttles registration per address. Counters live in Redis, shared by every API instance.
 */
@Injectable()
export class AuthThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'registrationsPerAddressPerHour'>,
  ) {}

  /** Counts a password attempt before the password is checked; 429 while the pair must wait or the address is over its cap. */
  async beforePasswordCheck(email: string, address: string, now = Date.now()): Promise<void> {
    const limits = SIGN_IN_LIMITS;
    const wait = await this.redis.eval(
      SIGN_IN_ATTEMPT,
      2,
      this.pairKey(email, address),
      this.addressKey(address),
      now,
      limits.freeAttemptsPerPair,
      limits.firstDelaySeconds,
      limits.maxDelaySeconds,
      limits.pairMemorySeconds,
      limits.failuresPerAddress,
      limits.addressWindowSeconds,
    );
    if (Number(wait) > 0) throw new TooManyRequestsException('Too many sign-in attempts.', Number(wait));
  }

  async afterSuccessfulSignIn(email: string, address: string): Promise<void> {
    await this.redis.eval(SIGN_IN_SUCCEEDED, 2, this.pairKey(email, address), this.addressKey(address));
  }

  /** Counts a registration attempt; 429 once the address is over its hourly limit. */
  async beforeRegistration(address: string): Promise<void> {
    const limit = this.config.registrationsPerAddressPerHour;
    const wait = await countAttempt(this.redis, `register:address:${digest(address)}`, limit, REGISTRATION_WINDOW_SECONDS);
    if (wait > 0) throw new TooManyRequestsException('Too many accounts were created from this address.', Number(wait));
  }

  /** Counts a passkey or Google sign-in begun from this address (not a password attempt: the password throttle is not touched). */
  async beforeSignInStart(address: string): Promise<void> {
    const wait = await countAttempt(this.redis, `sign-in-start:address:${digest(address)}`, SIGN_IN_STARTS_PER_ADDRESS_PER_MINUTE, 60);
    if (wait > 0) throw new TooManyRequestsException('Too many sign-in attempts.', Number(wait));
  }

  private pairKey(email: string, address: string) {
    return `sign-in:pair:${digest(email.trim().toLowerCase(), address)}`;
  }
  private addressKey(address: string) {
    return `sign-in:address:${digest(address)}`;
  }
}
