import type TestAgent from 'supertest/lib/agent';
import type { GoogleOAuthFake } from '../../test-support/google-oauth-fake';
import { appWithGoogleSignIn } from '../../test-support/google-sign-in-app';
import type { TestApp } from '../../test-support/test-app';
import { SoftwareAuthenticator } from '../../test-support/webauthn-authenticator';
import { relyingParty } from './session/passkey-ceremonies';

jest.setTimeout(60_000);

// An account made by Google sign-in has a random password nobody knows (docs/privacy.md): the user
// says so (signedUpWithGoogle), a password is refused with a clear 400, and a passkey deletes it.
describe('Delete Account of an account made by Google sign-in', () => {
  let t: TestApp;
  let google: GoogleOAuthFake;
  const env = appWithGoogleSignIn();
  beforeAll(() => ({ t, google } = env));

  async function signUpWithGoogle(email: string): Promise<TestAgent> {
    const agent = t.agent();
    const consent = new URL((await agent.get('/api/auth/google').expect(302)).headers.location);
    const code = google.issue({ nonce: consent.searchParams.get('nonce')!, email, given_name: 'Gia', family_name: 'Okafor' });
    await agent.get('/api/auth/google/callback').query({ code, state: consent.searchParams.get('state')! }).expect(302);
    return agent;
  }

  it('is marked as made with Google (a password sign-up is not), refuses a password with a 400 that erases nothing, and is deleted with a passkey', async () => {
    const { agent: withPassword } = await t.signUp();
    expect((await withPassword.get('/api/auth/user').expect(200)).body.signedUpWithGoogle).toBe(false);

    const agent = await signUpWithGoogle('gia.okafor@example.com');
    const me = (await agent.get('/api/auth/user').expect(200)).body;
    expect(me).toMatchObject({ email: 'gia.okafor@example.com', signedUpWithGoogle: true, hasWebAuthn: false });
    const refused = await agent.delete('/api/user').send({ password: 'a guess at the random one' }).expect(400);
    expect(refused.body.message).toBe('Your account has no password (it was made with Google sign-in): confirm with a passkey.');
    expect((await agent.post('/api/user/delete/passkey-options').expect(400)).body.message).toMatch(/no passkey to confirm with/);
    expect((await agent.get('/api/auth/user').expect(200)).body.id).toBe(me.id);

    const authenticator = new SoftwareAuthenticator(relyingParty(t.config).origin);
    await agent.post('/api/webauthn/register/complete').send(authenticator.register((await agent.post('/api/webauthn/register/begin').expect(200)).body)).expect(200);
    const options = (await agent.post('/api/user/delete/passkey-options').expect(200)).body;
    await agent.delete('/api/user').send({ passkeyAssertion: authenticator.authenticate(options) }).expect(204);
    await agent.get('/api/auth/user').expect(401);
    expect((await t.sql('SELECT id FROM users WHERE id = $1', [me.id])).rows).toEqual([]);
  });
});
