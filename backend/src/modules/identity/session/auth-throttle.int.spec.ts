import { createHash, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { TooManyRequestsException } from '../../../platform/http/too-many-requests';
import { AuthThrottle, SIGN_IN_LIMITS } from './auth-throttle';

/** The seconds a throttled call asks to wait, or 0 when it was let through. */
async function waitOf(attempt: Promise<void>): Promise<number> {
  try {
    await attempt;
    return 0;
  } catch (error) {
    if (error instanceof TooManyRequestsException) return error.retryAfterSeconds;
    throw error;
  }
}

describe('AuthThrottle on real Redis', () => {
  const prefix = `cc-test-throttle-${randomUUID()}:`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
  const throttle = new AuthThrottle(redis, { registrationsPerAddressPerHour: 10 });
  const { freeAttemptsPerPair: free, firstDelaySeconds: first, maxDelaySeconds: max } = SIGN_IN_LIMITS;
  const t0 = Date.UTC(2030, 0, 1);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    // KEYS answers full names; DEL would prefix them again.
    if (keys.length > 0) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    redis.disconnect();
  });

  it('lets the free attempts through, then makes each further one wait twice as long, up to the cap', async () => {
    const email = `${randomUUID()}@example.com`;
    for (let i = 0; i < free; i++) expect(await waitOf(throttle.beforePasswordCheck(email, '203.0.113.1', t0))).toBe(0);
    expect(await waitOf(throttle.beforePasswordCheck(email, '203.0.113.1', t0 + 1000))).toBe(first - 1);

    let now = t0;
    const waits: number[] = [];
    for (let delay: number = first; waits.length < 8; delay = Math.min(delay * 2, max)) {
      now += delay * 1000;
      expect(await waitOf(throttle.beforePasswordCheck(email, '203.0.113.1', now - 1000))).toBe(1);
      expect(await waitOf(throttle.beforePasswordCheck(email, '203.0.113.1', now))).toBe(0);
      waits.push(await waitOf(throttle.beforePasswordCheck(email, '203.0.113.1', now)));
    }
    expect(waits).toEqual([first * 2, first * 4, first * 8, first * 16, first * 32, max, max, max]);
  });

  it('keeps pairs apart: the same email from another address, and the email in any case from the same one', async () => {
    const email = `${randomUUID()}@example.com`;
    for (let i = 0; i < free; i++) await throttle.beforePasswordCheck(email, '203.0.113.2', t0);
    expect(await waitOf(throttle.beforePasswordCheck(` ${email.toUpperCase()}`, '203.0.113.2', t0))).toBe(first);
    expect(await waitOf(throttle.beforePasswordCheck(email, '198.51.100.2', t0))).toBe(0);
  });

  it('forgets a pair after a successful sign-in and gives the address its count back', async () => {
    const email = `${randomUUID()}@example.com`;
    const address = '203.0.113.3';
    for (let i = 0; i < free; i++) await throttle.beforePasswordCheck(email, address, t0);
    await throttle.afterSuccessfulSignIn(email, address);
    for (let i = 0; i < free; i++) expect(await waitOf(throttle.beforePasswordCheck(email, address, t0))).toBe(0);
    const addressKey = `sign-in:address:${createHash('sha256').update(address).digest('hex')}`;
    expect(await redis.get(addressKey)).toBe(String(2 * free - 1));
  });

  it('caps failures per address across emails, for the rest of the window', async () => {
    const address = '203.0.113.4';
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress; i++) {
      expect(await waitOf(throttle.beforePasswordCheck(`${randomUUID()}@example.com`, address, t0))).toBe(0);
    }
    const wait = await waitOf(throttle.beforePasswordCheck(`${randomUUID()}@example.com`, address, t0));
    expect(wait).toBeGreaterThan(SIGN_IN_LIMITS.addressWindowSeconds - 60);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_LIMITS.addressWindowSeconds);
    expect(await waitOf(throttle.beforePasswordCheck(`${randomUUID()}@example.com`, '203.0.113.5', t0))).toBe(0);
  });

  it('lets the configured number of registrations through per address and hour, atomically', async () => {
    const waits = await Promise.all(Array.from({ length: 25 }, () => waitOf(throttle.beforeRegistration('203.0.113.7'))));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    for (const wait of waits.filter((w) => w > 0)) expect(wait).toBeGreaterThan(3500);
    expect(await waitOf(throttle.beforeRegistration('203.0.113.8'))).toBe(0);
  });
});
