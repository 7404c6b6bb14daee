import { randomUUID } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import Redis from 'ioredis';
import type TestAgent from 'supertest/lib/agent';
import { SIGN_IN_LIMITS, SIGN_IN_STARTS_PER_ADDRESS_PER_MINUTE } from './session/auth-throttle';
import { CEREMONY_GONE, relyingParty } from './session/passkey-ceremonies';
import { startTestApp, useTestApp, type TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { SoftwareAuthenticator } from '../../test-support/webauthn-authenticator';

jest.setTimeout(60_000);

describe('passkeys over HTTP (POST /api/webauthn/*, GET /api/webauthn/status, DELETE /api/webauthn/credentials/{id})', () => {
  let origin: string;
  const t = useTestApp();
  beforeAll(async () => {
    origin = relyingParty(t.config).origin;
  });

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

describe('Delete Account confirmed by a passkey (POST /api/user/delete/passkey-options, DELETE /api/user {passkeyAssertion})', () => {
  let t: TestApp;
  let origin: string;
  let redis: Redis;
  beforeAll(async () => {
    t = await startTestApp();
    origin = relyingParty(t.config).origin;
    redis = new Redis(t.config.redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  async function withPasskey(password?: string) {
    const { agent, user } = await t.signUp(password ? { password } : {});
    const authenticator = new SoftwareAuthenticator(origin);
    const options = (await agent.post('/api/webauthn/register/begin').expect(200)).body;
    await agent.post('/api/webauthn/register/complete').send(authenticator.register(options)).expect(200);
    return { agent, user, authenticator };
  }
  const options = async (agent: TestAgent) => (await agent.post('/api/user/delete/passkey-options').expect(200)).body;
  /** Nothing of the account is gone: still signed in, the users row and the data key live. */
  async function expectIntact(agent: TestAgent, userId: string) {
    expect((await agent.get('/api/auth/user').expect(200)).body.id).toBe(userId);
    expect((await t.sql('SELECT destroyed_at FROM data_keys WHERE subject_id = $1', [userId])).rows).toEqual([{ destroyed_at: null }]);
  }

  it('the owner confirms with their own passkey: 204, the account is erased and the session ends', async () => {
    const { agent, user, authenticator } = await withPasskey();
    const begun = await options(agent);
    expect(begun.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    await agent.delete('/api/user').send({ passkeyAssertion: authenticator.authenticate(begun) }).expect(204);
    await agent.get('/api/auth/user').expect(401);
    expect((await t.sql('SELECT id FROM users WHERE id = $1', [user.id])).rows).toEqual([]);
    expect((await t.sql('SELECT destroyed_at FROM data_keys WHERE subject_id = $1', [user.id])).rows[0].destroyed_at).not.toBeNull();
    const used = await t.sql(`SELECT data->>'purpose' AS purpose FROM es_events WHERE stream_id = $1 AND type = 'PasskeyUsed'`, [`passkeys-${user.id}`]);
    expect(used.rows).toEqual([{ purpose: 'delete-account' }]);
  });

  it('without a password or a passkey answer, or with both: 400 naming what to give; options without a passkey: 400; nothing erased', async () => {
    const { agent, user, authenticator } = await withPasskey();
    for (const body of [{}, { password: '' }]) {
      const res = await agent.delete('/api/user').send(body).expect(400);
      expect(res.body.message).toBe('Enter your password, or confirm with your passkey, to delete your account');
    }
    const both = await agent.delete('/api/user').send({ password: 'correct horse battery', passkeyAssertion: authenticator.authenticate(await options(agent)) }).expect(400);
    expect(both.body.message).toBe('Confirm with your password or with a passkey, not both');
    await agent.delete('/api/user').send({ passkeyAssertion: { id: 'x' } }).expect(400);
    const { agent: noPasskey, user: plain } = await t.signUp();
    const none = await noPasskey.post('/api/user/delete/passkey-options').expect(400);
    expect(none.body.message).toMatch(/no passkey to confirm with/);
    await expectIntact(agent, user.id);
    await expectIntact(noPasskey, plain.id);
  });

  it('anonymous visitors get 401 for the options and the deletion', async () => {
    const { agent, user, authenticator } = await withPasskey();
    await t.agent().post('/api/user/delete/passkey-options').expect(401);
    const assertion = authenticator.authenticate(await options(agent));
    await t.agent().delete('/api/user').send({ passkeyAssertion: assertion }).expect(401);
    await expectIntact(agent, user.id);
  });

  it('another family\'s passkey does not confirm my deletion (403), nor does mine theirs; both accounts stay', async () => {
    const mine = await withPasskey();
    const theirs = await withPasskey('other family password');
    const res = await mine.agent.delete('/api/user').send({ passkeyAssertion: theirs.authenticator.authenticate(await options(mine.agent)) }).expect(403);
    expect(res.body.message).toBe('This passkey is not one of yours: it cannot confirm that you want your account deleted.');
    await theirs.agent.delete('/api/user').send({ passkeyAssertion: mine.authenticator.authenticate(await options(theirs.agent)) }).expect(403);
    await expectIntact(mine.agent, mine.user.id);
    await expectIntact(theirs.agent, theirs.user.id);
  });

  it('refuses replays, changing nothing: a sign-in answer (400), an answer to a used challenge (400), an old counter or another key (403)', async () => {
    const { agent, user, authenticator } = await withPasskey();
    // An answer to a sign-in challenge, sent to delete: the challenge is bound to its purpose.
    const browser = t.agent();
    const signIn = authenticator.authenticate((await browser.post('/api/webauthn/authenticate/begin').send({}).expect(200)).body);
    await browser.delete('/api/user').send({ passkeyAssertion: signIn }).expect(401); // not signed in there
    await agent.post('/api/webauthn/authenticate/begin').send({}).expect(200);
    expect((await agent.delete('/api/user').send({ passkeyAssertion: signIn }).expect(400)).body.message).toBe(CEREMONY_GONE);
    // A forged answer uses the challenge up; the genuine one sent after it is then a replay.
    const begun = await options(agent);
    const genuine = authenticator.authenticate(begun);
    const forged = authenticator.authenticate(begun, { counter: authenticator.counter + 1, key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey });
    await agent.delete('/api/user').send({ passkeyAssertion: forged }).expect(403);
    expect((await agent.delete('/api/user').send({ passkeyAssertion: genuine }).expect(400)).body.message).toBe(CEREMONY_GONE);
    // The old answer to a new challenge does not verify.
    await options(agent);
    await agent.delete('/api/user').send({ passkeyAssertion: genuine }).expect(403);
    // A counter that did not go up (a copied authenticator): the passkeys decider refuses it.
    const counted = authenticator.authenticate(await options(agent), { counter: 7 });
    await signInAndUse(authenticator, 7);
    await agent.delete('/api/user').send({ passkeyAssertion: counted }).expect(403);
    await expectIntact(agent, user.id);
  });

  it('refuses an answer to an expired challenge (400), changing nothing', async () => {
    const { agent, user, authenticator } = await withPasskey();
    const begun = await options(agent);
    const key = await ceremonyKeyOf(begun.challenge);
    await redis.pexpire(key, 1);
    await until('the ceremony expired', async () => (await redis.exists(key)) === 0);
    expect((await agent.delete('/api/user').send({ passkeyAssertion: authenticator.authenticate(begun) }).expect(400)).body.message).toBe(CEREMONY_GONE);
    await expectIntact(agent, user.id);
  });

  /** A sign-in elsewhere that records `counter`, so an answer carrying the same counter is then stale. */
  async function signInAndUse(authenticator: SoftwareAuthenticator, counter: number) {
    const browser = t.agent();
    const begun = (await browser.post('/api/webauthn/authenticate/begin').send({}).expect(200)).body;
    await browser.post('/api/webauthn/authenticate/complete').send({ response: authenticator.authenticate(begun, { counter }) }).expect(200);
    await browser.get('/api/auth/user').expect(200); // read-your-writes: the counter is recorded
  }

  /** The Redis key of the ceremony whose challenge this is (ceremonies are stored under a random id). */
  async function ceremonyKeyOf(challenge: string): Promise<string> {
    const keys = await redis.keys(`${t.config.queuePrefix}:webauthn:ceremony:*`);
    for (const key of keys) if ((await redis.get(key))?.includes(challenge)) return key;
    throw new Error('no ceremony holds this challenge');
  }
});

describe('passkey sign-ins begun per address', () => {
  const t = useTestApp();

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
