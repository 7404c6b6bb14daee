import { randomUUID } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { SIGN_IN_LIMITS, SIGN_IN_STARTS_PER_ADDRESS_PER_MINUTE } from './session/auth-throttle';
import { CEREMONY_GONE, relyingParty } from './session/passkey-ceremonies';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { SoftwareAuthenticator } from '../../test-support/webauthn-authenticator';

jest.setTimeout(60_000);

describe('passkeys over HTTP (POST /api/webauthn/*, GET /api/webauthn/status, DELETE /api/webauthn/credentials/{id})', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp();
    origin = relyingParty(t.config).origin;
  });
  afterAll(() => t.close());

  /** Registers a new software passkey for the agent's user through the two registration calls. */
  async function registerPasskey(agent: TestAgent): Promise<SoftwareAuthenticator> {
    const authenticator = new SoftwareAuthenticator(origin);
    const options = (await agent.post('/api/webauthn/register/begin').expect(200)).body;
    const done = await agent.post('/api/webauthn/register/complete').send(authenticator.register(options)).expect(200);
    expect(done.body).toEqual({ verified: true, message: 'Biometric authentication setup successful! You can now use Face ID or Touch ID to sign in.' });
    return authenticator;
  }

  /** A fresh browser: begins a sign-in and answers it with the authenticator. */
  async function signInWith(authenticator: SoftwareAuthenticator, answer?: Parameters<SoftwareAuthenticator['authenticate']>[1], agent = t.agent()) {
    const options = (await agent.post('/api/webauthn/authenticate/begin').send({}).expect(200)).body;
    const response = authenticator.authenticate(options, answer);
    return { agent, response, res: await agent.post('/api/webauthn/authenticate/complete').send({ response }) };
  }

  const rows = async (userId: string) => (await t.sql('SELECT id, counter FROM webauthn_credentials WHERE user_id = $1', [userId])).rows;

  it('registers a passkey for the signed-in user: status and the user say so; the options bind the user and exclude it next time', async () => {
    const { agent, user } = await t.signUp();
    expect((await agent.get('/api/webauthn/status').expect(200)).body).toEqual({ hasWebAuthn: false, credentials: [] });
    const authenticator = await registerPasskey(agent);
    const status = (await agent.get('/api/webauthn/status').expect(200)).body;
    expect(status).toMatchObject({ hasWebAuthn: true, credentials: [{ deviceType: 'singleDevice', backedUp: false, transports: ['internal'], lastUsedAt: null }] });
    expect(JSON.stringify(status)).not.toContain(authenticator.id);
    expect((await agent.get('/api/auth/user').expect(200)).body.hasWebAuthn).toBe(true);
    const again = (await agent.post('/api/webauthn/register/begin').expect(200)).body;
    expect(again).toMatchObject({ rp: { id: 'localhost', name: 'CareCircle' }, user: { name: user.email }, authenticatorSelection: { residentKey: 'required' } });
    expect(again.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
  });

  it('signs in with the passkey without a password: a new session, recorded as a passkey sign-in, the counter stored', async () => {
    const { agent, user } = await t.signUp();
    const authenticator = await registerPasskey(agent);
    await agent.post('/api/auth/logout').expect(204);
    const { agent: browser, res } = await signInWith(authenticator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: true, message: 'Successfully signed in with biometrics!', user: { id: user.id } });
    expect(String(res.headers['set-cookie'])).toMatch(/cc\.sid=/);
    expect((await browser.get('/api/auth/user').expect(200)).body.id).toBe(user.id);
    const signIns = await t.sql(`SELECT data->>'method' AS method FROM es_events WHERE stream_id = $1 AND type = 'SignedIn'`, [`account-security-${user.id}`]);
    expect(signIns.rows.map((row) => row.method)).toEqual(['passkey']);
    expect((await rows(user.id))[0].counter).toBe('1');
  });

  it('gives each challenge once: a replayed sign-in answer is a 400 and changes nothing; the old answer to a new challenge is a 401', async () => {
    const { agent, user } = await t.signUp();
    const authenticator = await registerPasskey(agent);
    const { agent: browser, response, res } = await signInWith(authenticator);
    expect(res.status).toBe(200);
    // The sign-in's next request waits for its writes (read-your-writes): the counter is stored after it.
    await browser.get('/api/auth/user').expect(200);
    const before = await rows(user.id);
    const replayed = await t.agent().post('/api/webauthn/authenticate/complete').send({ response }).expect(400);
    expect(replayed.body.message).toBe(CEREMONY_GONE);
    await browser.post('/api/webauthn/authenticate/complete').send({ response }).expect(400);
    const fresh = t.agent();
    await fresh.post('/api/webauthn/authenticate/begin').send({}).expect(200);
    const stale = await fresh.post('/api/webauthn/authenticate/complete').send({ response });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe('Authentication failed');
    await fresh.get('/api/auth/user').expect(401);
    expect(await rows(user.id)).toEqual(before);
  });

  it('refuses a replayed registration (400), a counter that did not go up and another key (401), changing nothing', async () => {
    const { agent, user } = await t.signUp();
    const authenticator = new SoftwareAuthenticator(origin);
    const options = (await agent.post('/api/webauthn/register/begin').expect(200)).body;
    const credential = authenticator.register(options);
    await agent.post('/api/webauthn/register/complete').send(credential).expect(200);
    expect((await agent.post('/api/webauthn/register/complete').send(credential).expect(400)).body.message).toBe(CEREMONY_GONE);
    expect(await rows(user.id)).toHaveLength(1);
    expect((await signInWith(authenticator, { counter: 5 })).res.status).toBe(200);
    expect((await signInWith(authenticator, { counter: 5 })).res.status).toBe(401);
    expect((await signInWith(authenticator, { counter: 3 })).res.status).toBe(401);
    expect((await signInWith(authenticator, { counter: 9, key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey })).res.status).toBe(401);
    expect((await rows(user.id))[0].counter).toBe('5');
    const failures = await t.sql(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = 'SignInFailed'`, [`account-security-${user.id}`]);
    expect(failures.rows[0].n).toBe(3);
  });

  it('answers bad input with a 400 naming the field, and a credential made for another site or challenge with a 400', async () => {
    const { agent, user } = await t.signUp();
    await agent.post('/api/webauthn/register/begin').expect(200);
    const missing = await agent.post('/api/webauthn/register/complete').send({ id: 'abc', rawId: 'abc', type: 'public-key' }).expect(400);
    expect(missing.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'response' })]));
    const elsewhere = new SoftwareAuthenticator('https://evil.example');
    const options = (await agent.post('/api/webauthn/register/begin').expect(200)).body;
    const forged = await agent.post('/api/webauthn/register/complete').send(elsewhere.register(options)).expect(400);
    expect(forged.body.message).toBe('Registration failed');
    const junk = await agent.post('/api/webauthn/register/begin').expect(200);
    expect(junk.body.challenge).toBeTruthy();
    const garbage = await agent.post('/api/webauthn/register/complete').send({ id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: '!!', attestationObject: 'x' } }).expect(400);
    expect(garbage.body.message).toBe('Registration failed');
    await agent.post('/api/webauthn/authenticate/begin').send({ userId: 'not-a-uuid' }).expect(400);
    await t.agent().post('/api/webauthn/authenticate/complete').send({ response: 'x' }).expect(400);
    expect(await rows(user.id)).toEqual([]);
  });

  it('a page that names a user gets in only with that user\'s passkey', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const anasKey = await registerPasskey(ana.agent);
    const browser = t.agent();
    const options = (await browser.post('/api/webauthn/authenticate/begin').send({ userId: ben.user.id }).expect(200)).body;
    expect(options.allowCredentials).toEqual([]);
    await browser.post('/api/webauthn/authenticate/complete').send({ response: anasKey.authenticate(options), userId: ben.user.id }).expect(401);
    const named = t.agent();
    const forAna = (await named.post('/api/webauthn/authenticate/begin').send({ userId: ana.user.id }).expect(200)).body;
    await named.post('/api/webauthn/authenticate/complete').send({ response: anasKey.authenticate(forAna), userId: ana.user.id }).expect(200);
  });

  it('is never held by the password throttle', async () => {
    const { agent, user } = await t.signUp();
    const authenticator = await registerPasskey(agent);
    for (let i = 0; i < SIGN_IN_LIMITS.freeAttemptsPerPair; i++) await t.agent().post('/api/auth/login').send({ email: user.email, password: 'wrong password' }).expect(401);
    await t.agent().post('/api/auth/login').send({ email: user.email, password: 'correct horse battery' }).expect(429);
    expect((await signInWith(authenticator)).res.status).toBe(200);
  });

  it('HTTP authorization: anonymous visitors get 401 on the signed-in routes; another family can neither see nor remove my passkey; I remove my own', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const authenticator = await registerPasskey(owner.agent);
    const [{ id }] = (await owner.agent.get('/api/webauthn/status').expect(200)).body.credentials;
    const anonymous = t.agent();
    await anonymous.post('/api/webauthn/register/begin').expect(401);
    await anonymous.post('/api/webauthn/register/complete').send(authenticator.register({ challenge: 'x', user: { id: 'x' } })).expect(401);
    await anonymous.get('/api/webauthn/status').expect(401);
    await anonymous.delete(`/api/webauthn/credentials/${id}`).expect(401);
    expect((await stranger.agent.get('/api/webauthn/status').expect(200)).body).toEqual({ hasWebAuthn: false, credentials: [] });
    await stranger.agent.delete(`/api/webauthn/credentials/${id}`).expect(404);
    await owner.agent.delete(`/api/webauthn/credentials/${randomUUID()}`).expect(404);
    await owner.agent.delete('/api/webauthn/credentials/not-a-uuid').expect(400);
    expect(await rows(owner.user.id)).toHaveLength(1);
    await owner.agent.delete(`/api/webauthn/credentials/${id}`).expect(204);
    expect((await owner.agent.get('/api/webauthn/status').expect(200)).body).toEqual({ hasWebAuthn: false, credentials: [] });
    expect((await owner.agent.get('/api/auth/user').expect(200)).body.hasWebAuthn).toBe(false);
    expect((await signInWith(authenticator)).res.status).toBe(401);
  });

  it('Delete Account removes the user\'s passkeys', async () => {
    const { agent, user } = await t.signUp();
    const authenticator = await registerPasskey(agent);
    await agent.delete('/api/user').send({ password: 'correct horse battery' }).expect(204);
    expect(await rows(user.id)).toEqual([]);
    expect((await signInWith(authenticator)).res.status).toBe(401);
  });
});

describe('passkey sign-ins begun per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it(`lets one address begin at most ${SIGN_IN_STARTS_PER_ADDRESS_PER_MINUTE} a minute (429 after), without touching the password throttle`, async () => {
    const { user } = await t.signUp();
    const answers = await Promise.all(Array.from({ length: SIGN_IN_STARTS_PER_ADDRESS_PER_MINUTE + 5 }, () => t.agent().post('/api/webauthn/authenticate/begin').send({})));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(SIGN_IN_STARTS_PER_ADDRESS_PER_MINUTE);
    const refused = answers.filter((res) => res.status !== 200);
    expect(refused).toHaveLength(5);
    for (const res of refused) expect(res.status).toBe(429);
    await t.agent().post('/api/auth/login').send({ email: user.email, password: 'correct horse battery' }).expect(200);
  });
});
