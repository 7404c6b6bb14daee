import request from 'supertest';
import { addDays, BILLING_MESSAGES, type AdminRevenue, type AdminStats } from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { startStripeFake, type StripeEventJson, type StripeFake } from '../../test-support/stripe-fake';
import { startTestApp, useTestApp, type TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';

type Agent = Awaited<ReturnType<TestApp['signUp']>>['agent'];

const SECRET_KEY = 'sk_test_carecircle_fake';
const WEBHOOK_SECRET = 'whsec_carecircle_test';
const ADMIN_EMAIL = 'billing.admin@example.com';
/** TestApp.signUp's password. */
const PASSWORD = 'correct horse battery';
/** The admin's figures once they show `wanted` (they are a projection of the same billing events). */
const adminFigures = <T>(agent: Agent, path: string, wanted: (body: T) => boolean) =>
  until(`the admin's ${path}`, async () => {
    const body = (await agent.get(path).expect(200)).body as T;
    return wanted(body) && body;
  });
const STRIPE = { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: 'pk_test_carecircle' };

describe('billing over HTTP, the real stripe SDK against a local Stripe', () => {
  let stripe: StripeFake;
  let t: TestApp;
  let owner: { agent: Agent; user: { id: string; email: string } };
  let other: { agent: Agent; user: { id: string } };
  let admin: Agent;
  let subscriptionId: string;

  const events = () => t.eventCount();
  const billingEvents = async (userId: string) => (await t.app.get<EventStore>(EVENT_STORE).readStream(`billing-${userId}`)).map((e) => e.type);
  /** Delivers a webhook as Stripe does: the JSON, signed (by the SDK's test helper) at `timestamp`. */
  const deliver = (event: StripeEventJson | string, options: { secret?: string; timestamp?: number } = {}) => {
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    return request(t.app.getHttpServer())
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Stripe-Signature', stripe.sign(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp))
      .send(payload);
  };
  const me = async (agent: Agent) => (await agent.get('/api/auth/user').expect(200)).body;
  const addRecipient = async (agent: Agent, firstName: string) => (await agent.post('/api/children').send({ firstName, lastName: 'Silva' }).expect(201)).body.id as string;

  beforeAll(async () => {
    stripe = await startStripeFake(SECRET_KEY);
    t = await startTestApp({ ...STRIPE, STRIPE_API_BASE_URL: stripe.baseUrl, PUBLIC_URL: 'https://care.example.com', ADMIN_EMAILS: ADMIN_EMAIL });
    owner = await t.signUp({ firstName: 'Ana', lastName: 'Silva' });
    other = await t.signUp();
    admin = (await t.signUp({ email: ADMIN_EMAIL })).agent;
    await addRecipient(owner.agent, 'Maya');
    await addRecipient(owner.agent, 'Robert');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('anonymous callers get 401 on every billing route (the webhook answers to its signature instead)', async () => {
    const anonymous = request(t.app.getHttpServer());
    await anonymous.get('/api/billing').expect(401);
    await anonymous.post('/api/create-subscription').send({ plan: 'per_child', childCount: 1 }).expect(401);
    await anonymous.put('/api/billing/plan').send({ plan: 'family_plan' }).expect(401);
    await anonymous.post('/api/billing/portal').expect(401);
  });

  it('with billing configured, the CSP lets Stripe.js load its script and Payment Element frames', async () => {
    const csp = (await request(t.app.getHttpServer()).get('/api/health')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('bad input is a 400 naming the field, and changes nothing at Stripe or in the store', async () => {
    const before = { events: await events(), calls: stripe.calls.length };
    for (const [body, field] of [
      [{ plan: 'gold', childCount: 1 }, 'plan'],
      [{ childCount: 1 }, 'plan'],
      [{ plan: 'free_tier' }, 'plan'],
      [{ plan: 'PER_CHILD', childCount: 1 }, 'plan'],
      [{ plan: ' per_child', childCount: 1 }, 'plan'],
      [{ plan: 'per_child\u0000', childCount: 1 }, 'plan'],
      [{ plan: '', childCount: 1 }, 'plan'],
      [{ plan: null, childCount: 1 }, 'plan'],
      [{ plan: 7, childCount: 1 }, 'plan'],
      [{ plan: ['per_child'], childCount: 1 }, 'plan'],
      [{ plan: { per_child: true }, childCount: 1 }, 'plan'],
      [{ plan: '__proto__', childCount: 1 }, 'plan'],
      [{ plan: 'per_child', childCount: 0 }, 'childCount'],
      [{ plan: 'per_child', childCount: -1 }, 'childCount'],
      [{ plan: 'per_child', childCount: 1e9 }, 'childCount'],
      [{ plan: 'per_child', childCount: 2 ** 31 }, 'childCount'],
      [{ plan: 'per_child', childCount: 1.5 }, 'childCount'],
      [{ plan: 'per_child', childCount: '1' }, 'childCount'],
      [{ plan: 'per_child', childCount: true }, 'childCount'],
      [{ plan: 'per_child', childCount: [1] }, 'childCount'],
      [{ plan: 'per_child', childCount: 'two' }, 'childCount'],
    ] as const) {
      const res = await owner.agent.post('/api/create-subscription').send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // Not an object at all: still a 400, before Stripe is asked anything.
    for (const body of ['[]', '"per_child"', '1', 'null']) {
      const res = await owner.agent.post('/api/create-subscription').set('Content-Type', 'application/json').send(body);
      expect([body, res.status]).toEqual([body, 400]);
    }
    const plan = await owner.agent.put('/api/billing/plan').send({ plan: 'gold' }).expect(400);
    expect(plan.body.errors).toEqual([{ field: 'plan', message: BILLING_MESSAGES.planInvalid }]);
    expect({ events: await events(), calls: stripe.calls.length }).toEqual(before);
  });

  it('before subscribing: the overview says configured with the publishable key; portal and Update Plan are refused (409)', async () => {
    expect((await owner.agent.get('/api/billing').expect(200)).body).toEqual({ configured: true, publishableKey: 'pk_test_carecircle', subscription: null });
    expect((await owner.agent.post('/api/billing/portal').expect(409)).body.message).toBe(BILLING_MESSAGES.noCustomer);
    expect((await owner.agent.put('/api/billing/plan').send({ plan: 'family_plan' }).expect(409)).body.message).toBe(BILLING_MESSAGES.noSubscription);
  });

  it('create-subscription: one customer, a trialing default_incomplete subscription billing the recipients the server counted; asked again, the same one', async () => {
    const res = await owner.agent.post('/api/create-subscription').send({ plan: 'per_child', childCount: 40 }).expect(201);
    expect(res.body.clientSecret).toMatch(/^seti_.*_secret_/);
    expect([...stripe.customers.values()]).toEqual([expect.objectContaining({ email: owner.user.email, name: 'Ana Silva', metadata: { userId: owner.user.id } })]);
    const created = stripe.calls.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions')!.body;
    expect(created).toMatchObject({
      trial_period_days: '7',
      payment_behavior: 'default_incomplete',
      items: [{ quantity: '2', price_data: { currency: 'usd', unit_amount: '2000', product: 'carecircle_per_child', recurring: { interval: 'month' } } }],
      metadata: { userId: owner.user.id, plan: 'per_child' },
    });
    [subscriptionId] = [...stripe.subscriptions.keys()];

    const again = await owner.agent.post('/api/create-subscription').send({ plan: 'per_child', childCount: 2 }).expect(201);
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    expect(stripe.customers.size).toBe(1);
    expect(stripe.subscriptions.size).toBe(1);
    expect(await billingEvents(owner.user.id)).toEqual(['StripeCustomerCreated', 'SubscriptionRequested']);
    // Not active until Stripe says so.
    expect(await me(owner.agent)).toMatchObject({ subscriptionActive: false, subscriptionPlan: null });
  });

  it('the trial start webhook makes the user active on per_child; the same delivery again is a 200 that changes nothing', async () => {
    const started = stripe.subscriptionEvent('customer.subscription.created', subscriptionId);
    expect((await deliver(started).expect(200)).body).toEqual({ received: true, recorded: ['SubscriptionStarted'] });
    expect(await me(owner.agent)).toMatchObject({ subscriptionActive: true, subscriptionPlan: 'per_child' });
    expect((await owner.agent.get('/api/billing').expect(200)).body.subscription).toMatchObject({ plan: 'per_child', status: 'trialing', active: true, quantity: 2, monthlyTotal: 40 });

    const before = await events();
    expect((await deliver(started).expect(200)).body).toEqual({ received: true, recorded: [] });
    expect(await events()).toBe(before);
    // The admin's figures count the trial: two recipients at $20.
    await adminFigures<AdminStats>(admin, '/api/admin/stats', (stats) => stats.plans.per_child.activeSubscriptions === 1);
    expect((await admin.get('/api/admin/stats').expect(200)).body).toMatchObject({ activeSubscriptions: 1, revenue: 40, plans: { per_child: { billedUnits: 2, revenue: 40 } } });
    // The other user is untouched.
    expect(await me(other.agent)).toMatchObject({ subscriptionActive: false, subscriptionPlan: null });
    expect((await other.agent.get('/api/billing').expect(200)).body.subscription).toBeNull();
  });

  it('a wrong signature, a stale timestamp, a missing header: 400, nothing changes; an unknown event type: 200 ignored', async () => {
    const before = await events();
    const updated = stripe.subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'past_due' });
    expect((await deliver(updated, { secret: 'whsec_someone_else' }).expect(400)).body.message).toBe(BILLING_MESSAGES.signatureInvalid);
    await deliver(updated, { timestamp: Math.floor(Date.now() / 1000) - 301 }).expect(400);
    await request(t.app.getHttpServer()).post('/api/stripe/webhook').set('Content-Type', 'application/json').send(JSON.stringify(updated)).expect(400);
    // A signature over other bytes than those received (the JSON re-serialised) does not verify either.
    const payload = JSON.stringify(updated);
    await request(t.app.getHttpServer())
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', stripe.sign(payload, WEBHOOK_SECRET))
      .send(JSON.stringify(updated, null, 2))
      .expect(400);
    expect(await events()).toBe(before);
    expect(await me(owner.agent)).toMatchObject({ subscriptionActive: true });
    stripe.subscriptions.get(subscriptionId)!.status = 'trialing';

    // Odd bodies, even correctly signed (only Stripe has the secret, but a bug of ours must not be a 500): a clear 400, nothing recorded.
    const known = stripe.subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'past_due' });
    stripe.subscriptions.get(subscriptionId)!.status = 'trialing';
    const { data: knownData, ...knownEnvelope } = known;
    for (const odd of [
      '',
      '[]',
      'null',
      '"customer.subscription.updated"',
      '{}',
      JSON.stringify(knownEnvelope),
      JSON.stringify({ ...known, data: null }),
      JSON.stringify({ ...known, data: { object: 'sub' } }),
      JSON.stringify({ ...known, id: 42 }),
      JSON.stringify({ ...known, id: 'x'.repeat(300) }),
      JSON.stringify({ ...known, created: 'yesterday' }),
      JSON.stringify({ ...known, created: 1e20 }),
      JSON.stringify({ ...known, data: { object: { ...knownData.object, id: null } } }),
      JSON.stringify({ ...known, data: { object: { ...knownData.object, status: 'glorious' } } }),
      JSON.stringify({ ...known, data: { object: { ...knownData.object, items: { data: [{ quantity: 'lots' }] } } } }),
      JSON.stringify({ ...known, data: { object: { ...knownData.object, items: { data: [{ quantity: -3 }] } } } }),
      JSON.stringify({ ...known, data: { object: { ...knownData.object, trial_end: 'soon' } } }),
      ...[{ amount_paid: 'all' }, { amount_paid: -5 }, { currency: 42 }, { id: null }].map((change) => {
        const invoice = stripe.invoiceEvent('invoice.paid', subscriptionId, 4000);
        return JSON.stringify({ ...invoice, data: { object: { ...invoice.data.object, ...change } } });
      }),
    ]) {
      const res = await deliver(odd);
      expect([odd.slice(0, 60), res.status]).toEqual([odd.slice(0, 60), 400]);
      expect(typeof res.body.message).toBe('string');
    }
    // Not JSON, or not sent as JSON: 4xx.
    for (const [type, body] of [
      ['application/json', '{"id": "evt_1",'],
      ['text/plain', JSON.stringify(known)],
    ]) {
      const res = await request(t.app.getHttpServer()).post('/api/stripe/webhook').set('Content-Type', type).set('Stripe-Signature', stripe.sign(body, WEBHOOK_SECRET)).send(body);
      expect([type, res.status >= 400 && res.status < 500]).toEqual([type, true]);
    }
    expect(await events()).toBe(before);
    expect(await me(owner.agent)).toMatchObject({ subscriptionActive: true });

    const unknown = { ...stripe.invoiceEvent('invoice.paid', subscriptionId, 0), type: 'customer.created' };
    expect((await deliver(unknown).expect(200)).body).toEqual({ received: true, recorded: [] });
    expect(await events()).toBe(before);
  });

  it('an active subscription cannot be subscribed again (409)', async () => {
    expect((await owner.agent.post('/api/create-subscription').send({ plan: 'family_plan', childCount: 1 }).expect(409)).body.message).toBe(BILLING_MESSAGES.alreadyActive);
  });

  it('the trial ends into active with a paid invoice; a failed payment is recorded and past_due makes the user inactive', async () => {
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    stripe.subscriptions.get(subscriptionId)!.items.data[0].current_period_end = periodEnd;
    expect((await deliver(stripe.invoiceEvent('invoice.paid', subscriptionId, 4000)).expect(200)).body.recorded).toEqual(['PaymentSucceeded']);
    expect((await deliver(stripe.subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'active' })).expect(200)).body.recorded).toEqual([
      'TrialEnded',
      'SubscriptionPeriodChanged',
    ]);
    expect((await owner.agent.get('/api/billing').expect(200)).body.subscription).toMatchObject({ status: 'active', currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });

    expect((await deliver(stripe.invoiceEvent('invoice.payment_failed', subscriptionId, 4000)).expect(200)).body.recorded).toEqual(['PaymentFailed']);
    expect((await deliver(stripe.subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'past_due' })).expect(200)).body.recorded).toEqual([
      'SubscriptionStatusChanged',
    ]);
    expect(await me(owner.agent)).toMatchObject({ subscriptionActive: false, subscriptionPlan: 'per_child' });
    await deliver(stripe.subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'active' })).expect(200);
    expect(await me(owner.agent)).toMatchObject({ subscriptionActive: true });
  });

  it('Manage Billing: a portal session for the owner’s customer, returning to Settings, Billing; another user has none (409)', async () => {
    const { url } = (await owner.agent.post('/api/billing/portal').expect(200)).body;
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const portal = stripe.calls.filter((c) => c.path === '/v1/billing_portal/sessions').at(-1)!.body;
    expect(portal).toEqual({ customer: [...stripe.customers.keys()][0], return_url: 'https://care.example.com/settings?tab=billing' });
    await other.agent.post('/api/billing/portal').expect(409);
  });

  it('per_child follows the recipients: adding or removing one updates Stripe’s quantity (prorated) in the background', async () => {
    const quantity = () => stripe.subscriptions.get(subscriptionId)!.items.data[0].quantity;
    const added = await addRecipient(owner.agent, 'Leo');
    await until('quantity 3 at Stripe', () => quantity() === 3);
    expect(stripe.subscriptions.get(subscriptionId)!.proration_behavior).toBe('create_prorations');
    await until('quantity 3 recorded', async () => (await owner.agent.get('/api/billing')).body.subscription.quantity === 3);
    await owner.agent.delete(`/api/children/${added}`).expect(204);
    await until('quantity 2 at Stripe', () => quantity() === 2);
    await until('quantity 2 recorded', async () => (await owner.agent.get('/api/billing')).body.subscription.monthlyTotal === 40);
    await adminFigures<AdminStats>(admin, '/api/admin/stats', (stats) => stats.plans.per_child.billedUnits === 2 && stats.revenue === 40);
  });

  it('Update Plan switches the item to the family plan’s price with proration; the same plan again changes nothing; another user is refused (409)', async () => {
    const res = await owner.agent.put('/api/billing/plan').send({ plan: 'family_plan' }).expect(200);
    expect(res.body).toMatchObject({ plan: 'family_plan', quantity: 1, monthlyTotal: 100, active: true });
    const item = stripe.subscriptions.get(subscriptionId)!.items.data[0];
    expect(item).toMatchObject({ quantity: 1, price: { product: 'carecircle_family_plan', unit_amount: 10000 } });
    expect(stripe.subscriptions.get(subscriptionId)!.proration_behavior).toBe('create_prorations');
    expect(await me(owner.agent)).toMatchObject({ subscriptionPlan: 'family_plan', subscriptionActive: true });

    const before = { events: await events(), calls: stripe.calls.length };
    await owner.agent.put('/api/billing/plan').send({ plan: 'family_plan' }).expect(200);
    expect({ events: await events(), calls: stripe.calls.length }).toEqual(before);
    // Stripe's own webhook about the change records nothing new either.
    expect((await deliver(stripe.subscriptionEvent('customer.subscription.updated', subscriptionId)).expect(200)).body.recorded).toEqual([]);
    await other.agent.put('/api/billing/plan').send({ plan: 'per_child' }).expect(409);
    expect(stripe.subscriptions.get(subscriptionId)!.items.data[0].price.product).toBe('carecircle_family_plan');
  });

  it('cancellation: the user has no plan any more, and may subscribe again', async () => {
    expect((await deliver(stripe.subscriptionEvent('customer.subscription.deleted', subscriptionId, { status: 'canceled' })).expect(200)).body.recorded).toEqual([
      'SubscriptionCancelled',
    ]);
    expect(await me(owner.agent)).toMatchObject({ subscriptionActive: false, subscriptionPlan: null });
    expect((await owner.agent.get('/api/billing').expect(200)).body.subscription).toBeNull();
    const again = await owner.agent.post('/api/create-subscription').send({ plan: 'family_plan', childCount: 1 }).expect(201);
    expect(again.body.clientSecret).toMatch(/_secret_/);
    expect(stripe.customers.size).toBe(1);
  });

  it("the admin's revenue series follows the same events: today's totals, the trial started and converted, two ends (past_due, cancelled)", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const revenue = await adminFigures<AdminRevenue>(admin, `/api/admin/revenue?from=${addDays(today, -6)}&to=${today}`, (body) => body.days.at(-1)!.activeSubscriptions === 0);
    expect(revenue.days).toHaveLength(7);
    expect(revenue.days[0]).toEqual({ date: addDays(today, -6), activeSubscriptions: 0, mrr: 0 });
    expect(revenue.days.at(-1)).toEqual({ date: today, activeSubscriptions: 0, mrr: 0 });
    expect(revenue).toMatchObject({ trialsStarted: 1, trialsConverted: 1, cancellations: 2, trialConversionPercent: 100, churnPercent: 0 });
    expect((await admin.get('/api/admin/stats').expect(200)).body).toMatchObject({ activeSubscriptions: 0, revenue: 0 });
    await owner.agent.get('/api/admin/revenue').expect(403);
  });

  it('Delete Account cancels the subscription at Stripe before the account is erased, so nothing more is charged', async () => {
    const live = [...stripe.subscriptions.values()].filter((sub) => sub.customer === [...stripe.customers.keys()][0] && sub.status !== 'canceled');
    expect(live).toHaveLength(1);
    await owner.agent.delete('/api/user').send({ password: PASSWORD }).expect(204);
    expect(stripe.subscriptions.get(live[0].id)!.status).toBe('canceled');
    expect((await t.sql('SELECT count(*)::int AS n FROM billing_subscriptions WHERE user_id = $1', [owner.user.id])).rows[0].n).toBe(0);
  });

  it('projections:rebuild gives the same billing rows, users and admin figures (a recomputation from the events)', async () => {
    const stats = (await admin.get('/api/admin/stats').expect(200)).body;
    const today = new Date().toISOString().slice(0, 10);
    const revenue = (await admin.get(`/api/admin/revenue?from=${addDays(today, -6)}&to=${today}`).expect(200)).body;
    const tables = ['billing_subscriptions', 'users', 'admin_subscription_figures', 'admin_revenue_days'];
    const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, (await t.sql(`SELECT * FROM ${table} ORDER BY 1`)).rows])));
    const live = await snapshot();
    expect(live.admin_revenue_days.length).toBeGreaterThan(0);
    const runner = t.app.get(ProjectionRunner);
    await runner.stop(); // the rebuild needs the live projector stopped (the last test of this app)
    await runner.rebuild();
    expect(await snapshot()).toEqual(live);
    expect((await admin.get('/api/admin/stats').expect(200)).body).toEqual(stats);
    expect((await admin.get(`/api/admin/revenue?from=${addDays(today, -6)}&to=${today}`).expect(200)).body).toEqual(revenue);
  });
});

describe('billing without STRIPE_* configured', () => {
  const t = useTestApp({}, 60_000);

  it('answers 503 with a clear message on every billing command, and the overview says not configured', async () => {
    const { agent } = await t.signUp();
    const before = await t.eventCount();
    for (const res of [
      await agent.post('/api/create-subscription').send({ plan: 'per_child', childCount: 1 }),
      await agent.post('/api/billing/portal'),
      await agent.put('/api/billing/plan').send({ plan: 'family_plan' }),
      await request(t.app.getHttpServer()).post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=x').send('{}'),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(BILLING_MESSAGES.notConfigured);
    }
    expect((await agent.get('/api/billing').expect(200)).body).toEqual({ configured: false, publishableKey: null, subscription: null });
    expect(await t.eventCount()).toBe(before);
  });
});
