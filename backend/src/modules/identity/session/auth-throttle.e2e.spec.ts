import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR } from '../../../config/app-config';
import { useTestApp, type TestApp } from '../../../test-support/test-app';
import { SIGN_IN_LIMITS } from './auth-throttle';

// Every attempt that gets through checks an argon2 hash: dozens of them on a busy 2-core machine.
jest.setTimeout(60_000);

const PASSWORD = 'correct horse battery';
const THROTTLED = /^Too many sign-in attempts\. Please wait \d+ seconds and try again\.$/;

function login(t: TestApp, email: string, password: string, forwardedFor?: string) {
  const req = t.agent().post('/api/auth/login');
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  return req.send({ email, password });
}

function register(t: TestApp, email: string, forwardedFor: string) {
  return t.agent().post('/api/auth/register').set('X-Forwarded-For', forwardedFor).send({ email, password: PASSWORD, firstName: 'Ana', lastName: 'Silva' });
}

function expectThrottled(res: Response, message: RegExp) {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(message);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const { freeAttemptsPerPair: free, failuresPerAddress } = SIGN_IN_LIMITS;

describe('sign-in throttling behind no proxy (the default)', () => {
  const t = useTestApp();

  it('ignores X-Forwarded-For from the peer: a changing header escapes neither the pair nor the address cap', async () => {
    const { user } = await t.signUp();
    for (let i = 0; i < free; i++) await login(t, user.email, 'wrong password', `203.0.113.${i}`).expect(401);
    expectThrottled(await login(t, user.email, PASSWORD, '198.51.100.1'), THROTTLED);

    for (let i = free; i < failuresPerAddress; i++) await login(t, `${randomUUID()}@example.com`, 'wrong password', `203.0.113.${i}`).expect(401);
    const capped = await login(t, `${randomUUID()}@example.com`, 'wrong password', '198.51.100.2');
    expectThrottled(capped, /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('sign-in and registration throttling behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  const t = useTestApp({ TRUSTED_PROXIES: '127.0.0.1', REGISTRATIONS_PER_ADDRESS_PER_HOUR: String(DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR) });
  beforeAll(async () => {
    // Listening once, so that parallel requests share one server.
    await t.app.listen(0, '127.0.0.1');
  });

  it('counts before it checks: of 30 wrong passwords sent at once, only the free attempts are checked', async () => {
    const { user } = await t.signUp({ email: `race-${randomUUID()}@example.com` });
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(t, user.email, 'wrong password', '203.0.113.10')));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(free);
    const throttled = answers.filter((r) => r.status !== 401);
    expect(throttled).toHaveLength(30 - free);
    for (const res of throttled) expectThrottled(res, THROTTLED);
  });

  it("keeps the attacker's address out without locking the owner out from another address", async () => {
    const { user } = await t.signUp({ email: `owner-${randomUUID()}@example.com` });
    for (let i = 0; i < free; i++) await login(t, user.email, 'wrong password', '203.0.113.20').expect(401);
    expectThrottled(await login(t, user.email, PASSWORD, '203.0.113.20'), THROTTLED);

    const owner = await login(t, user.email, PASSWORD, '198.51.100.20').expect(200);
    expect(owner.body.id).toBe(user.id);
    expectThrottled(await login(t, user.email, PASSWORD, '203.0.113.20'), THROTTLED);
  });

  it("forgets the pair's failures after a successful sign-in", async () => {
    const { user } = await t.signUp({ email: `typo-${randomUUID()}@example.com` });
    for (let i = 0; i < free - 1; i++) await login(t, user.email, 'wrong password', '203.0.113.30').expect(401);
    await login(t, user.email, PASSWORD, '203.0.113.30').expect(200);
    for (let i = 0; i < free; i++) await login(t, user.email, 'wrong password', '203.0.113.30').expect(401);
    expectThrottled(await login(t, user.email, PASSWORD, '203.0.113.30'), THROTTLED);
  });

  it('lets at most the hourly limit of registrations through per address, even at once, and stores none of the rest', async () => {
    const emails = Array.from({ length: DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR + 3 }, () => `new-${randomUUID()}@example.com`);
    const answers = await Promise.all(emails.map((email) => register(t, email, '203.0.113.40')));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR);
    const refused = answers.filter((r) => r.status !== 201);
    for (const res of refused) {
      expectThrottled(res, /^Too many accounts were created from this address\. Please wait (60|59) minutes and try again\.$/);
    }
    for (const res of refused) {
      const email = emails[answers.indexOf(res)];
      await login(t, email, PASSWORD, '198.51.100.40').expect(401);
    }
    await register(t, `other-${randomUUID()}@example.com`, '198.51.100.41').expect(201);
  });
});
