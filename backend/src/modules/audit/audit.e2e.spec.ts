import { PAGE_LIMITS, PAGE_TEXT, type AuditEntry, type Page } from '@carecircle/libs';
import request from 'supertest';
import { encodeCursor } from '../../platform/http/page';
import { useTestApp } from '../../test-support/test-app';

/** Several sign-ups (argon2) per test: generous under a loaded full run. */
jest.setTimeout(30_000);

const ADMIN_EMAIL = 'audit-admin@example.com';
const SEARCH_ADMIN_EMAIL = 'search-admin@example.com';

describe('audit log over HTTP', () => {
  const t = useTestApp({ ADMIN_EMAILS: `${ADMIN_EMAIL},${SEARCH_ADMIN_EMAIL}` });

  const entries = async (res: request.Response) => (res.body as Page<AuditEntry>).items;

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
    expect(all.length).toBeLessThanOrEqual(PAGE_LIMITS.default);
  });

  it("a super admin's search keeps the accounts whose email or name contain it (any case), in pages; odd text is a 400 naming search", async () => {
    const admin = await t.signUp({ email: SEARCH_ADMIN_EMAIL, firstName: 'Searcher' });
    const zoe = await t.signUp({ email: 'zoe.searched@example.com', firstName: 'Zoë', lastName: 'Quartermaine' });
    const bystander = await t.signUp({ firstName: 'Bystander' });
    await request(t.app.getHttpServer()).post('/api/auth/login').send({ email: 'zoe.searched@example.com', password: 'wrong password!' }).expect(401);
    const search = async (text: string, extra: Record<string, string> = {}) =>
      (await admin.agent.get('/api/admin/audit').query({ search: text, ...extra }).expect(200)).body as Page<AuditEntry>;
    let found: AuditEntry[] = [];
    for (let i = 0; i < 100 && found.length < 2; i++) found = (await search('ZOE.SEARCHED')).items;
    expect(found.map((e) => e.action)).toEqual(['sign_in_failed', 'account_created']);
    expect(found.every((e) => e.userId === zoe.user.id)).toBe(true);
    expect((await search('quarterMAINE')).items.map((e) => e.id)).toEqual(found.map((e) => e.id));
    // A page at a time, the cursor keeping the search.
    const first = await search('zoe.searched', { limit: '1' });
    expect(first.items.map((e) => e.id)).toEqual([found[0].id]);
    expect((await search('zoe.searched', { limit: '1', cursor: first.next! })).items.map((e) => e.id)).toEqual([found[1].id]);
    // Nobody matches: nothing, not everyone; blank is everyone; LIKE's wildcards are text.
    expect((await search('no such account anywhere')).items).toEqual([]);
    expect((await search('%')).items).toEqual([]);
    expect((await search('   ')).items.map((e) => e.userId)).toEqual(expect.arrayContaining([bystander.user.id, zoe.user.id]));
    for (const bad of ['x'.repeat(101), 'zoe\u0000']) {
      const res = await admin.agent.get('/api/admin/audit').query({ search: bad }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field: 'search' }] });
    }
    await admin.agent.get('/api/admin/audit?search=a&search=b').expect(400);
    await zoe.agent.get('/api/admin/audit').query({ search: 'zoe' }).expect(403);
    await request(t.app.getHttpServer()).get('/api/admin/audit').query({ search: 'zoe' }).expect(401);
  });

  it('refuses a cursor that is not one it gave out, and a limit out of 1..max, with a 400 naming the field', async () => {
    const { agent } = await t.signUp({ firstName: 'Cursor' });
    for (const cursor of ['abc', '-1', '1e5', '9'.repeat(41), "1' OR 1=1", encodeCursor(['-1']), encodeCursor(['9'.repeat(41)]), encodeCursor(['1', '2'])]) {
      const res = await agent.get('/api/user/audit').query({ cursor }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field: 'cursor', message: PAGE_TEXT.badCursor }] });
    }
    await agent.get('/api/user/audit').query({ cursor: encodeCursor(['1']) }).expect(200);
    for (const limit of ['0', String(PAGE_LIMITS.max + 1), 'x']) {
      expect((await agent.get('/api/user/audit').query({ limit }).expect(400)).body).toMatchObject({ errors: [{ field: 'limit', message: PAGE_TEXT.badLimit }] });
    }
    await agent.get('/api/user/audit').query({ limit: PAGE_LIMITS.max }).expect(200);
  });

  it('pages walk the whole list newest first, with no gaps or repeats while new entries arrive; another account’s cursor shows nothing of theirs', async () => {
    const walker = await t.signUp({ email: 'walker.audit@example.com', password: 'correct horse battery', firstName: 'Walker' });
    const other = await t.signUp({ firstName: 'Peer' });
    const browser = request.agent(t.app.getHttpServer());
    const signIn = () => browser.post('/api/auth/login').send({ email: 'walker.audit@example.com', password: 'correct horse battery' }).expect(200);
    for (let i = 0; i < 4; i++) await signIn();
    const count = async () => (await walker.agent.get('/api/user/audit').query({ limit: PAGE_LIMITS.max }).expect(200)).body.items.length as number;
    for (let i = 0; i < 100 && (await count()) < 5; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const before = (await walker.agent.get('/api/user/audit').query({ limit: PAGE_LIMITS.max }).expect(200)).body as Page<AuditEntry>;
    expect(before.items).toHaveLength(5);

    const walked: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = (await walker.agent.get('/api/user/audit').query({ limit: 2, ...(cursor ? { cursor } : {}) }).expect(200)).body as Page<AuditEntry>;
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items);
      if (walked.length === 2) await signIn(); // a newer entry: not in this walk
      cursor = page.next;
    } while (cursor);
    expect(walked.map((e) => e.id)).toEqual(before.items.map((e) => e.id));

    const firstPage = (await walker.agent.get('/api/user/audit').query({ limit: 1 }).expect(200)).body as Page<AuditEntry>;
    const theirs = (await other.agent.get('/api/user/audit').query({ cursor: firstPage.next }).expect(200)).body as Page<AuditEntry>;
    expect(theirs.items.every((e) => e.userId === other.user.id)).toBe(true);
    await request(t.app.getHttpServer()).get('/api/user/audit').query({ cursor: firstPage.next }).expect(401);
  });
});
