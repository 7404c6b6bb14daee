import { AUDIT_PAGE_SIZE, type AuditEntry } from '@carecircle/libs';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test-support/test-app';

/** Several sign-ups (argon2) per test: generous under a loaded full run. */
jest.setTimeout(30_000);

const ADMIN_EMAIL = 'audit-admin@example.com';

describe('audit log over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  });
  afterAll(() => t.close());

  const entries = async (res: request.Response) => (res.body as { entries: AuditEntry[] }).entries;

  it("records a user's sign-ins, failures and sign-outs; only they and super admins read them", async () => {
    const ana = await t.signUp({ email: 'ana.audit@example.com', password: 'correct horse battery', firstName: 'Ana' });
    const other = await t.signUp({ firstName: 'Other' });
    const admin = await t.signUp({ email: ADMIN_EMAIL, firstName: 'Admin' });

    const browser = request.agent(t.app.getHttpServer());
    await browser.post('/api/auth/login').set('User-Agent', 'Audit-Test/1.0').send({ email: 'ana.audit@example.com', password: 'wrong password!' }).expect(401);
    await browser.post('/api/auth/login').set('User-Agent', 'Audit-Test/1.0').send({ email: 'ana.audit@example.com', password: 'correct horse battery' }).expect(200);
    await browser.post('/api/auth/logout').expect(204);
    await browser.post('/api/auth/login').send({ email: 'nobody@example.com', password: 'whatever it is' }).expect(401);

    const waitForActions = async (count: number) => {
      for (let i = 0; i < 100; i++) {
        const list = await entries(await ana.agent.get('/api/user/audit').expect(200));
        if (list.length >= count) return list;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('audit entries did not arrive');
    };
    const list = await waitForActions(4);
    expect(list.map((e) => e.action)).toEqual(['signed_out', 'signed_in', 'sign_in_failed', 'account_created']);
    expect(list.every((e) => e.userId === ana.user.id)).toBe(true);
    expect(list[1]).toMatchObject({ userAgent: 'Audit-Test/1.0', address: expect.stringMatching(/127\.0\.0\.1|::1/) });

    expect((await entries(await other.agent.get('/api/user/audit').expect(200))).every((e) => e.userId === other.user.id)).toBe(true);
    await request(t.app.getHttpServer()).get('/api/user/audit').expect(401);

    await request(t.app.getHttpServer()).get('/api/admin/audit').expect(401);
    await other.agent.get('/api/admin/audit').expect(403);
    await ana.agent.get('/api/admin/audit').expect(403);
    const all = await entries(await admin.agent.get('/api/admin/audit').expect(200));
    expect(new Set(all.map((e) => e.userId))).toEqual(new Set([ana.user.id, other.user.id, admin.user.id]));
    expect(all.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
  });

  it('refuses a cursor that is not one it gave out, with a 400 naming the field', async () => {
    const { agent } = await t.signUp({ firstName: 'Cursor' });
    for (const cursor of ['abc', '-1', '1e5', '9'.repeat(41), "1' OR 1=1"]) {
      const res = await agent.get('/api/user/audit').query({ cursor }).expect(400);
      expect(JSON.stringify(res.body)).toContain('cursor');
    }
    await agent.get('/api/user/audit').query({ cursor: '1' }).expect(200);
  });
});
