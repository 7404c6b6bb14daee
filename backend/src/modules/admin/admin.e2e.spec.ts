import { ADMIN_SEARCH_MAX_LENGTH, type AdminRevenue, type AdminStats, type AdminUser, type Page } from '@carecircle/libs';
import { useTestApp, type TestApp } from '../../test-support/test-app';

const ADMIN_EMAIL = 'admin@example.com';

describe('admin dashboard API (issue 25)', () => {
  let admin: Awaited<ReturnType<TestApp['signUp']>>;
  let parent: Awaited<ReturnType<TestApp['signUp']>>;
  let others: Awaited<ReturnType<TestApp['signUp']>>[];

  /** The admin's edit dialog: a plan set active by hand (a billing event naming the admin). */
  const subscribe = (userId: string, plan: 'per_child' | 'family_plan') => admin.agent.put(`/api/admin/users/${userId}/subscription`).send({ plan, active: true }).expect(204);

  const t = useTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, 60_000);
  beforeAll(async () => {
    admin = await t.signUp({ email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Admin' });
    parent = await t.signUp({ email: 'maria.lopez@example.com', firstName: 'María', lastName: 'López' });
    others = [];
    for (const [email, firstName, lastName] of [
      ['sam_50%@example.com', 'Sam', 'Fifty'],
      ['jo@example.com', 'Jo', 'MacLopez'],
      ['kim@example.com', 'Kim', 'Lee'],
    ]) {
      others.push(await t.signUp({ email, firstName, lastName }));
    }
  }, 60_000);

  it('answers super admins only: 401 anonymous, 403 any other user, on every admin route', async () => {
    for (const path of ['/api/admin/stats', '/api/admin/users', '/api/admin/users?search=lopez']) {
      await t.agent().get(path).expect(401);
      await parent.agent.get(path).expect(403);
      await admin.agent.get(path).expect(200);
    }
    const change = { plan: 'family_plan', active: true };
    await t.agent().put(`/api/admin/users/${parent.user.id}/subscription`).send(change).expect(401);
    // Not even one's own: a parent cannot give themselves a plan.
    await parent.agent.put(`/api/admin/users/${parent.user.id}/subscription`).send(change).expect(403);
    await others[2].agent.put(`/api/admin/users/${parent.user.id}/subscription`).send(change).expect(403);
    expect((await parent.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ subscriptionActive: false, subscriptionPlan: null });
    expect((await t.sql(`SELECT count(*)::int AS n FROM es_events WHERE type = 'SubscriptionSetByAdmin'`)).rows[0].n).toBe(0);
  });

  it('lists every user newest first, in cursor pages that neither repeat nor skip anyone', async () => {
    const seen: AdminUser[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Page<AdminUser> = (await admin.agent.get('/api/admin/users').query({ limit: 2, cursor }).expect(200)).body;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.next;
    }
    expect(seen.map((user) => user.email)).toEqual([...others].reverse().map((o) => o.user.email).concat(parent.user.email, ADMIN_EMAIL));
    expect(seen.find((user) => user.email === ADMIN_EMAIL)).toMatchObject({ role: 'super_admin', firstName: 'Ada', lastName: 'Admin', subscriptionActive: false, subscriptionPlan: null });
    expect(Object.keys(seen[0]).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'role', 'subscriptionActive', 'subscriptionPlan']);
  });

  it('searches email, first and last name ignoring case; wildcards are plain text', async () => {
    const emails = async (search: string) =>
      ((await admin.agent.get('/api/admin/users').query({ search }).expect(200)).body as Page<AdminUser>).items.map((user) => user.email).sort();
    expect(await emails('LOPEZ')).toEqual(['jo@example.com', 'maria.lopez@example.com']);
    expect(await emails('lópez')).toEqual(['maria.lopez@example.com']);
    expect(await emails('kim')).toEqual(['kim@example.com']);
    expect(await emails('  lee ')).toEqual(['kim@example.com']);
    expect(await emails('María López')).toEqual(['maria.lopez@example.com']);
    expect(await emails('%')).toEqual(['sam_50%@example.com']);
    expect(await emails('_')).toEqual(['sam_50%@example.com']);
    expect(await emails('nobody')).toEqual([]);
    expect(await emails('')).toHaveLength(5);
  });

  it('refuses a bad search, cursor or limit with a 400 naming it', async () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ search: 'x'.repeat(ADMIN_SEARCH_MAX_LENGTH + 1) }, 'search'],
      [{ search: 'a\u0000b' }, 'search'],
      [{ search: ['a', 'b'] }, 'search'],
      [{ search: 'x'.repeat(10_000) }, 'search'],
      [{ cursor: 'not-a-cursor!' }, 'cursor'],
      [{ cursor: 'x'.repeat(10_000) }, 'cursor'],
      [{ cursor: ['a', 'b'] }, 'cursor'],
      // A cursor of another list (the audit log's position; a (time, id) key as notifications give out), or forged in this list's shape with a bad part.
      [{ cursor: Buffer.from(JSON.stringify(['12'])).toString('base64url') }, 'cursor'],
      [{ cursor: Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', parent.user.id])).toString('base64url') }, 'cursor'],
      [{ cursor: Buffer.from(JSON.stringify(['users', '2026-01-01T00:00:00.000000Z', 'not-a-uuid'])).toString('base64url') }, 'cursor'],
      [{ limit: '-1' }, 'limit'],
      [{ limit: '1e2' }, 'limit'],
      [{ cursor: Buffer.from(JSON.stringify(['2026-13-01T00:00:00.000000Z', 'x'])).toString('base64url') }, 'cursor'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await admin.agent.get('/api/admin/users').query(query).expect(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    await admin.agent.get('/api/admin/users').query({ search: 'x'.repeat(ADMIN_SEARCH_MAX_LENGTH) }).expect(200);
    // 10,000 wildcards are 30,000 characters of address once encoded: Node refuses the request's head (431) before the app reads it.
    await admin.agent.get('/api/admin/users').query({ search: '%'.repeat(10_000) }).expect(431);
    // A backslash is plain text too (LIKE's escape character), and so is a quote.
    expect((await admin.agent.get('/api/admin/users').query({ search: '\\' }).expect(200)).body.items).toEqual([]);
    expect((await admin.agent.get('/api/admin/users').query({ search: "'; DROP TABLE users; --" }).expect(200)).body.items).toEqual([]);
    // The users list's cursor is not the audit log's, and the other way round.
    const usersNext = (await admin.agent.get('/api/admin/users').query({ limit: 1 }).expect(200)).body.next as string;
    const auditNext = (await admin.agent.get('/api/admin/audit').query({ limit: 1 }).expect(200)).body.next as string;
    expect(JSON.stringify((await admin.agent.get('/api/admin/audit').query({ cursor: usersNext }).expect(400)).body)).toContain('cursor');
    expect(JSON.stringify((await admin.agent.get('/api/admin/users').query({ cursor: auditNext }).expect(400)).body)).toContain('cursor');
  });

  it("counts users and active subscriptions, and the month's revenue per plan, from billing events (Stripe's quantities: docs/billing.md)", async () => {
    const empty: AdminStats = (await admin.agent.get('/api/admin/stats').expect(200)).body;
    expect(empty).toEqual({
      totalUsers: 5,
      activeSubscriptions: 0,
      revenue: 0,
      conversionPercent: 0,
      plans: { per_child: { activeSubscriptions: 0, billedUnits: 0, revenue: 0 }, family_plan: { activeSubscriptions: 0, billedUnits: 0, revenue: 0 } },
    });
    // Plans an admin turns on bill one unit each (nothing at Stripe counts recipients for them).
    await subscribe(parent.user.id, 'per_child');
    await subscribe(others[0].user.id, 'per_child');
    await subscribe(others[1].user.id, 'family_plan');
    const stats: AdminStats = (await admin.agent.get('/api/admin/stats').expect(200)).body;
    expect(stats).toEqual({
      totalUsers: 5,
      activeSubscriptions: 3,
      revenue: 2 * 20 + 100,
      conversionPercent: 60,
      plans: { per_child: { activeSubscriptions: 2, billedUnits: 2, revenue: 40 }, family_plan: { activeSubscriptions: 1, billedUnits: 1, revenue: 100 } },
    });
    const listed = ((await admin.agent.get('/api/admin/users').query({ search: 'maria' }).expect(200)).body as Page<AdminUser>).items;
    expect(listed).toEqual([expect.objectContaining({ subscriptionActive: true, subscriptionPlan: 'per_child' })]);
    // Today's totals in the revenue series; a bad or too long range is a 400 naming it.
    const today = new Date().toISOString().slice(0, 10);
    const revenue: AdminRevenue = (await admin.agent.get('/api/admin/revenue').expect(200)).body;
    expect(revenue.days).toHaveLength(30);
    expect(revenue.days.at(-1)).toEqual({ date: today, activeSubscriptions: 3, mrr: 140 });
    for (const [query, field] of [
      [{ from: '2026-02-30' }, 'from'],
      [{ to: '9999-12-31' }, 'to'],
      [{ from: '2026-03-01', to: '2026-02-01' }, 'to'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 'to'],
      [{ from: '9999-01-01' }, 'from'],
      [{ from: '9999-01-01', to: '9999-12-31' }, 'from'],
      [{ from: '1899-12-31', to: '1900-01-01' }, 'from'],
      [{ from: '0000-01-01' }, 'from'],
      [{ from: '2026-01-01T00:00:00Z' }, 'from'],
      [{ from: ' 2026-01-01' }, 'from'],
      [{ from: '20260101' }, 'from'],
      [{ from: ['2026-01-01', '2026-01-02'] }, 'from'],
      [{ to: '2100-12-31', from: '1900-01-01' }, 'to'],
    ] as const) {
      expect(JSON.stringify((await admin.agent.get('/api/admin/revenue').query(query).expect(400)).body)).toContain(field);
    }
    expect((await admin.agent.get('/api/admin/revenue').query({ from: '2025-01-01', to: '2026-01-01' }).expect(200)).body.days).toHaveLength(366);
    await parent.agent.get('/api/admin/revenue').expect(403);
    await t.agent().get('/api/admin/revenue').expect(401);
  });

  it("an admin's change of a subscription: the user's own answer follows, the audit names the admin, the same again records nothing", async () => {
    const kim = others[2];
    await admin.agent.put(`/api/admin/users/${kim.user.id}/subscription`).send({ plan: 'family_plan', active: true }).expect(204);
    expect((await kim.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ subscriptionActive: true, subscriptionPlan: 'family_plan' });
    await admin.agent.put(`/api/admin/users/${kim.user.id}/subscription`).send({ plan: 'family_plan', active: true }).expect(204);
    await admin.agent.put(`/api/admin/users/${kim.user.id}/subscription`).send({ plan: 'per_child', active: false }).expect(204);
    expect((await kim.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ subscriptionActive: false, subscriptionPlan: 'per_child' });
    const events = await t.sql(`SELECT data FROM es_events WHERE stream_id = $1 AND type = 'SubscriptionSetByAdmin' ORDER BY global_position`, [`billing-${kim.user.id}`]);
    expect(events.rows.map((row) => [row.data.plan, row.data.active, row.data.adminId])).toEqual([
      ['family_plan', true, admin.user.id],
      ['per_child', false, admin.user.id],
    ]);
    const audit = (await kim.agent.get('/api/user/audit').expect(200)).body.items as { action: string; actorId: string | null }[];
    expect(audit.filter((entry) => entry.action === 'subscription_set_by_admin')).toEqual([
      expect.objectContaining({ actorId: admin.user.id }),
      expect.objectContaining({ actorId: admin.user.id }),
    ]);
    // Kim cannot switch a plan the admin set (there is nothing at Stripe to switch): billing is not configured here at all.
    await kim.agent.put('/api/billing/plan').send({ plan: 'family_plan' }).expect(503);
  });

  it('refuses a bad user id, an unknown user, another plan or a state that is not a boolean, and changes nothing', async () => {
    const before = (await t.sql(`SELECT count(*)::int AS n FROM es_events`)).rows[0].n;
    const put = (userId: string, body: unknown) => admin.agent.put(`/api/admin/users/${userId}/subscription`).send(body as object);
    for (const userId of ['not-a-uuid', `${parent.user.id}x`, 'x'.repeat(5000), '%25']) {
      expect(JSON.stringify((await put(userId, { plan: 'per_child', active: true }).expect(400)).body)).toContain('userId');
    }
    // A NUL anywhere in an address is refused for every route, before routing.
    expect((await put(encodeURIComponent(`${parent.user.id}\u0000`), { plan: 'per_child', active: true }).expect(400)).body.errors).toEqual([
      { field: 'path', message: 'The address contains characters that are not allowed.' },
    ]);
    await put('6f1c2d3e-0000-4000-8000-000000000000', { plan: 'per_child', active: true }).expect(404);
    await put('00000000-0000-0000-0000-000000000000', { plan: 'per_child', active: true }).expect(404);
    // The same user in capitals is the same user, never a second billing stream.
    await put(parent.user.id.toUpperCase(), { plan: 'family_plan', active: false }).expect(204);
    expect((await t.sql(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1`, [`billing-${parent.user.id.toUpperCase()}`])).rows[0].n).toBe(0);
    expect((await parent.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ subscriptionActive: false });
    const afterCapitals = (await t.sql(`SELECT count(*)::int AS n FROM es_events`)).rows[0].n;
    expect(afterCapitals).toBe(before + 1);
    const cases: [unknown, string][] = [
      [{ plan: 'free_tier', active: true }, 'plan'],
      [{ plan: 'per_child', active: 'true' }, 'active'],
      [{ plan: 'per_child' }, 'active'],
      [{ active: true }, 'plan'],
      [[{ plan: 'per_child', active: true }], ''],
      [{ plan: 'PER_CHILD', active: true }, 'plan'],
      [{ plan: '', active: true }, 'plan'],
      [{ plan: null, active: true }, 'plan'],
      [{ plan: ['per_child'], active: true }, 'plan'],
      [{ plan: 'per_child', active: 1 }, 'active'],
      [{ plan: 'per_child', active: 0 }, 'active'],
      [{ plan: 'per_child', active: null }, 'active'],
      [{ plan: 'per_child', active: 'false' }, 'active'],
      [{ plan: 'per_child', active: 'yes' }, 'active'],
      [{ plan: 'per_child', active: [] }, 'active'],
      [{ plan: 'per_child', active: {} }, 'active'],
    ];
    for (const [body, field] of cases) {
      const res = await put(parent.user.id, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    for (const raw of ['"per_child"', 'true', 'null']) {
      const res = await admin.agent.put(`/api/admin/users/${parent.user.id}/subscription`).set('Content-Type', 'application/json').send(raw);
      expect([raw, res.status]).toEqual([raw, 400]);
    }
    expect((await t.sql(`SELECT count(*)::int AS n FROM es_events`)).rows[0].n).toBe(afterCapitals);
    // Properties the body does not have are dropped (docs/validation.md): no role rides along.
    await put(parent.user.id, { plan: 'per_child', active: true, role: 'super_admin' }).expect(204);
    expect((await parent.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ role: 'parent', subscriptionPlan: 'per_child' });
  });
});
