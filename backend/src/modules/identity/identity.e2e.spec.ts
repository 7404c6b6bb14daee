import { useTestApp } from '../../test-support/test-app';

describe('identity over HTTP', () => {
  const t = useTestApp({ ADMIN_EMAILS: 'boss@example.com, Chief@Example.com' });

  it('registers, answers the spec user with defaults and no secret, and signs in', async () => {
    const { agent, user } = await t.signUp({ email: 'Mother@Example.com' });
    expect(user).toMatchObject({
      email: 'mother@example.com',
      firstName: 'Ana',
      lastName: 'Silva',
      role: 'parent',
      timezone: 'America/Los_Angeles',
      subscriptionActive: false,
      subscriptionPlan: null,
      enablePrayerTasks: false,
      prayerCalculationMethod: 2,
      hasWebAuthn: false,
    });
    expect(JSON.stringify(user)).not.toMatch(/argon2|password/i);
    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body.id).toBe(user.id);
  });

  it('sets an HttpOnly SameSite=Lax session cookie and a new session id at each sign-in', async () => {
    const { agent } = await t.signUp({ email: 'cookie@example.com' });
    const first = await agent.post('/api/auth/login').send({ email: 'cookie@example.com', password: 'correct horse battery' }).expect(200);
    const second = await agent.post('/api/auth/login').send({ email: 'cookie@example.com', password: 'correct horse battery' }).expect(200);
    const cookie = (res: { headers: Record<string, unknown> }) => String((res.headers['set-cookie'] as string[]).find((c) => c.startsWith('cc.sid=')));
    expect(cookie(first)).toMatch(/^cc\.sid=/);
    expect(cookie(first)).toMatch(/HttpOnly/);
    expect(cookie(first)).toMatch(/SameSite=Lax/);
    expect(cookie(first).split(';')[0]).not.toBe(cookie(second).split(';')[0]);
  });

  it('keeps a readable signed-in hint beside the session: set at sign-in, cleared at sign-out and for a gone session', async () => {
    const hint = (res: { headers: Record<string, unknown> }) => ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('cc.signed-in='));
    const { agent } = await t.signUp({ email: 'hint@example.com' });
    const signedIn = await agent.post('/api/auth/login').send({ email: 'hint@example.com', password: 'correct horse battery' }).expect(200);
    expect(hint(signedIn)).toMatch(/^cc\.signed-in=1; Max-Age=604800; Path=\/; Expires=[^;]+; SameSite=Lax$/); // no HttpOnly: the page reads it
    expect(hint(await agent.get('/api/auth/user').expect(200))).toMatch(/^cc\.signed-in=1;/); // rolling, like the session
    expect(hint(await agent.get('/api/logout').expect(302))).toMatch(/^cc\.signed-in=;.*Expires=Thu, 01 Jan 1970/);
    // A stale hint without a session is cleared; an anonymous visitor without one gets none.
    expect(hint(await t.agent().get('/api/auth/user').set('Cookie', 'cc.signed-in=1').expect(401))).toMatch(/^cc\.signed-in=;/);
    expect(hint(await t.agent().get('/api/health').expect(200))).toBeUndefined();
  });

  it('refuses a taken email with 409, whatever its case', async () => {
    await t.signUp({ email: 'taken@example.com' });
    const res = await t.agent().post('/api/auth/register').send({ email: 'TAKEN@example.com', password: 'another password', firstName: 'B', lastName: 'C' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
  });

  it('lets exactly one of many simultaneous registrations of one email through', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.agent().post('/api/auth/register').send({ email: 'race@example.com', password: 'racing password', firstName: 'R', lastName: 'S' }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough', firstName: 'A', lastName: 'B' }, 'Please enter a valid email address'],
    [{ email: 'short@example.com', password: 'short', firstName: 'A', lastName: 'B' }, 'Password must be 8 to 128 characters'],
    [{ email: 'long@example.com', password: 'x'.repeat(129), firstName: 'A', lastName: 'B' }, 'Password must be 8 to 128 characters'],
    [{ email: 'noname@example.com', password: 'long enough', firstName: ' ', lastName: 'B' }, 'First name is required'],
    [{ email: 'types@example.com', password: 12345678, firstName: 'A', lastName: 'B' }, 'Password must be 8 to 128 characters'],
  ])('refuses bad registration %p', async (body, message) => {
    const res = await t.agent().post('/api/auth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('makes ADMIN_EMAILS super admins at registration', async () => {
    const { user } = await t.signUp({ email: 'chief@example.com' });
    expect(user.role).toBe('super_admin');
  });

  it('answers 401 for a wrong password and an unknown email, then 429 after repeated failures', async () => {
    await t.signUp({ email: 'throttle@example.com' });
    const client = t.agent();
    const unknown = await client.post('/api/auth/login').send({ email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid email or password');
    for (let i = 0; i < 5; i++) {
      await client.post('/api/auth/login').send({ email: 'throttle@example.com', password: 'wrong password' }).expect(401);
    }
    const throttled = await client.post('/api/auth/login').send({ email: 'throttle@example.com', password: 'correct horse battery' });
    expect(throttled.status).toBe(429);
  });

  it('logs out (POST 204 and GET 302 to /) and then answers 401', async () => {
    const { agent } = await t.signUp();
    await agent.post('/api/auth/logout').expect(204);
    await agent.get('/api/auth/user').expect(401);
    const again = await t.signUp();
    const res = await again.agent.get('/api/logout').expect(302);
    expect(res.headers.location).toBe('/');
    const anonymous = await again.agent.get('/api/auth/user').expect(401);
    expect(anonymous.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  it('sends /api/login to the email sign-in page and answers 503 for unconfigured Google', async () => {
    const login = await t.agent().get('/api/login').expect(302);
    expect(login.headers.location).toBe('/login/email');
    const google = await t.agent().get('/api/auth/google').expect(503);
    expect(google.body.message).toBe('Google sign-in is not configured');
  });

  it('changes the time zone to IANA zones only', async () => {
    const { agent } = await t.signUp();
    const ok = await agent.patch('/api/user/timezone').send({ timezone: 'Europe/Berlin' }).expect(200);
    expect(ok.body.timezone).toBe('Europe/Berlin');
    for (const timezone of ['Pacific Time', 'Mars/Base', '', 42]) {
      const bad = await agent.patch('/api/user/timezone').send({ timezone });
      expect(bad.status).toBe(400);
    }
    expect((await agent.get('/api/auth/user')).body.timezone).toBe('Europe/Berlin');
  });

  it('updates the profile names', async () => {
    const { agent } = await t.signUp();
    const res = await agent.patch('/api/user/profile').send({ firstName: 'Grace', lastName: 'Hopper' }).expect(200);
    expect(res.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    await agent.patch('/api/user/profile').send({ firstName: '', lastName: 'Hopper' }).expect(400);
  });

  it('refuses every signed-in route to anonymous callers', async () => {
    const anonymous = t.agent();
    await anonymous.get('/api/auth/user').expect(401);
    await anonymous.patch('/api/user/timezone').send({ timezone: 'UTC' }).expect(401);
    await anonymous.patch('/api/user/profile').send({ firstName: 'A', lastName: 'B' }).expect(401);
  });
});
