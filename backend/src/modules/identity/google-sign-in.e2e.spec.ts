import { generateKeyPairSync } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import type { GoogleOAuthFake, IdTokenClaims } from '../../test-support/google-oauth-fake';
import { GOOGLE_TEST_CLIENT_ID, appWithGoogleSignIn } from '../../test-support/google-sign-in-app';
import { useTestApp, type TestApp } from '../../test-support/test-app';

jest.setTimeout(60_000);

const CLIENT_ID = GOOGLE_TEST_CLIENT_ID;

describe('Google sign-in (GET /api/auth/google and its callback) against a local fake of Google, through google-auth-library', () => {
  let t: TestApp;
  let google: GoogleOAuthFake;
  const env = appWithGoogleSignIn();
  beforeAll(() => ({ t, google } = env));

  /** A browser starting a Google sign-in: the consent URL's state and nonce. */
  async function start(agent: TestAgent) {
    const res = await agent.get('/api/auth/google').expect(302);
    const consent = new URL(res.headers.location);
    return { consent, state: consent.searchParams.get('state')!, nonce: consent.searchParams.get('nonce')! };
  }

  /** The whole round trip, Google answering with these claims (the nonce is the session's unless given). */
  async function signIn(claims: IdTokenClaims, agent = t.agent(), options?: Parameters<GoogleOAuthFake['issue']>[1]) {
    const { state, nonce } = await start(agent);
    const code = google.issue({ nonce, ...claims }, options);
    return { agent, res: await agent.get('/api/auth/google/callback').query({ code, state }) };
  }

  const expectBackToLogin = (res: { status: number; headers: Record<string, string> }, error: string) => {
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/login?error=${error}`);
  };

  const eventCount = async () => Number((await t.sql('SELECT count(*) FROM es_events')).rows[0].count);

  const userCount = async (email: string) => Number((await t.sql('SELECT count(*) FROM users WHERE email = $1', [email])).rows[0].count);

  it('says it is configured', async () => {
    expect((await t.agent().get('/api/auth/google/status').expect(200)).body).toEqual({ configured: true });
  });

  it('sends the browser to the consent screen with our client id, callback, scopes, and a state and nonce of its own', async () => {
    const { consent, state, nonce } = await start(t.agent());
    expect(`${consent.origin}${consent.pathname}`).toBe(`${google.baseUrl}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: 'http://care.example.test:8080/api/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await start(t.agent())).state).not.toBe(state);
  });

  it('signs a verified email of an existing account into that account, never a second one', async () => {
    const { user } = await t.signUp({ email: 'rosa.vega@example.com' });
    const { agent, res } = await signIn({ email: 'Rosa.Vega@example.com', given_name: 'Rosa', family_name: 'Vega' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await agent.get('/api/auth/user').expect(200)).body.id).toBe(user.id);
    expect(await userCount('rosa.vega@example.com')).toBe(1);
    expect(google.tokenRequests.at(-1)?.get('redirect_uri')).toBe('http://care.example.test:8080/api/auth/google/callback');
    const method = await t.sql(`SELECT data->>'method' AS method FROM es_events WHERE stream_id = $1 AND type = 'SignedIn'`, [`account-security-${user.id}`]);
    expect(method.rows.map((row) => row.method)).toEqual(['google']);
  });

  it('registers a new verified email with the names Google gives, and signs it in again later as the same user', async () => {
    const first = await signIn({ email: 'new.person@example.com', given_name: 'Nia', family_name: 'Okafor' });
    expect(first.res.status).toBe(302);
    const me = (await first.agent.get('/api/auth/user').expect(200)).body;
    expect(me).toMatchObject({ email: 'new.person@example.com', firstName: 'Nia', lastName: 'Okafor', role: 'parent' });
    const again = await signIn({ email: 'new.person@example.com' });
    expect((await again.agent.get('/api/auth/user').expect(200)).body.id).toBe(me.id);
    expect(await userCount('new.person@example.com')).toBe(1);
  });

  it.each([
    ['an ID token for another audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired ID token', { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 }],
    ['another nonce', { nonce: 'not-the-session-nonce' }],
  ])('refuses %s: back to /login?error=google_token, changing nothing', async (_label, claims) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.com`;
    const { agent, res } = await signIn({ email, ...claims });
    expectBackToLogin(res, 'google_token');
    await agent.get('/api/auth/user').expect(401);
    expect(await userCount(email)).toBe(0);
  });

  it('refuses a token signed with another key (google_token), and an unverified email (google_unverified), creating no account', async () => {
    const forged = await signIn({ email: 'forged@example.com' }, t.agent(), { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey });
    expectBackToLogin(forged.res, 'google_token');
    const unverified = await signIn({ email: 'unverified@example.com', email_verified: false });
    expectBackToLogin(unverified.res, 'google_unverified');
    await unverified.agent.get('/api/auth/user').expect(401);
    expect(await userCount('forged@example.com')).toBe(0);
    expect(await userCount('unverified@example.com')).toBe(0);
  });

  it('takes each state once, from the browser that started: another state, a replayed callback, or none at all is google_expired and changes nothing', async () => {
    const { user } = await t.signUp({ email: 'state.check@example.com' });
    const agent = t.agent();
    const { state, nonce } = await start(agent);
    const before = await eventCount();
    expectBackToLogin(await agent.get('/api/auth/google/callback').query({ code: google.issue({ nonce, email: user.email }), state: 'forged-state' }), 'google_expired');
    const { state: fresh, nonce: freshNonce } = await start(agent);
    const code = google.issue({ nonce: freshNonce, email: user.email });
    const stranger = t.agent();
    expectBackToLogin(await stranger.get('/api/auth/google/callback').query({ code, state: fresh }), 'google_expired');
    expectBackToLogin(await t.agent().get('/api/auth/google/callback').query({ code }), 'google_expired');
    expect(await eventCount()).toBe(before);
    await stranger.get('/api/auth/user').expect(401);
    await agent.get('/api/auth/google/callback').query({ code, state: fresh }).expect(302).expect('location', '/');
    expectBackToLogin(await agent.get('/api/auth/google/callback').query({ code, state: fresh }), 'google_expired');
    expect(state).not.toBe(fresh);
  });

  it('a cancelled consent is google_cancelled, a callback without a code google_code, neither changing anything', async () => {
    const before = await eventCount();
    const exchanges = google.tokenRequests.length;
    const cancelled = t.agent();
    const started = await start(cancelled);
    expectBackToLogin(await cancelled.get('/api/auth/google/callback').query({ error: 'access_denied', state: started.state }), 'google_cancelled');
    await cancelled.get('/api/auth/user').expect(401);
    const noCode = t.agent();
    const { state } = await start(noCode);
    expectBackToLogin(await noCode.get('/api/auth/google/callback').query({ state }), 'google_code');
    await noCode.get('/api/auth/user').expect(401);
    expect(await eventCount()).toBe(before);
    expect(google.tokenRequests.length).toBe(exchanges);
  });

  it('a code Google does not accept is google_token and changes nothing', async () => {
    const agent = t.agent();
    const { state } = await start(agent);
    const before = await eventCount();
    expectBackToLogin(await agent.get('/api/auth/google/callback').query({ code: 'made-up-code', state }), 'google_token');
    await agent.get('/api/auth/user').expect(401);
    expect(await eventCount()).toBe(before);
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', () => {
  const t = useTestApp();

  it('answers 503 with the reason, on both routes', async () => {
    expect((await t.agent().get('/api/auth/google').expect(503)).body.message).toBe('Google sign-in is not configured');
    await t.agent().get('/api/auth/google/callback').query({ code: 'x', state: 'y' }).expect(503);
    expect((await t.agent().get('/api/auth/google/status').expect(200)).body).toEqual({ configured: false });
  });
});
