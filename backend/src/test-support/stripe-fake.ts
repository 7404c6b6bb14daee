import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API that billing calls through the real `stripe` SDK
 * (reached through STRIPE_API_BASE_URL): products, customers, subscriptions (create, retrieve,
 * update, cancel) and billing portal sessions. Bodies are form-encoded with bracketed keys, as the
 * SDK sends them (`items[0][price_data][unit_amount]=2000`); answers are Stripe's JSON shapes (API
 * 2025-03 and later: the period end on the item, the invoice's confirmation_secret). It checks the
 * secret key, honours Idempotency-Key, and builds webhook events from its own objects, signed with
 * the SDK's own test-header helper.
 */
export interface StripeFake {
  baseUrl: string;
  customers: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every call as `METHOD path` with its decoded body. */
  calls: { method: string; path: string; body: Record<string, unknown> }[];
  /** A webhook event (`evt_...`) of this type about a stored subscription (its state now, after `changes`). */
  subscriptionEvent(type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted', subscriptionId: string, changes?: Partial<FakeSubscription>): StripeEventJson;
  /** An invoice webhook for a stored subscription. */
  invoiceEvent(type: 'invoice.paid' | 'invoice.payment_failed', subscriptionId: string, amount: number): StripeEventJson;
  /** Stripe-Signature for a payload, by the SDK's generateTestHeaderString (timestamp in seconds: default now). */
  sign(payload: string, secret: string, timestamp?: number): string;
  close(): Promise<void>;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  trial_end: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; quantity: number; current_period_end: number; price: Record<string, unknown> }[] };
  /** What the last update asked for (create_prorations for plan and quantity changes). */
  proration_behavior?: string;
  pending_setup_intent: string | null;
  latest_invoice: string | null;
}

export type StripeEventJson = { id: string; object: 'event'; type: string; created: number; api_version: string; data: { object: Record<string, unknown> } };

type Form = Record<string, unknown>;

/** `a[b][0][c]=1` form fields into nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, unknown>;
      } else if (last) node[part] = value;
      else node = (node[part] ??= nextIsIndex ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const DAY = 86_400;

export async function startStripeFake(secretKey: string, listenOn = 0): Promise<StripeFake> {
  const products = new Map<string, Record<string, unknown>>();
  const customers = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const calls: StripeFake['calls'] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}_fake${++counter}`;
  const now = () => Math.floor(Date.now() / 1000);
  const stripe = new Stripe(secretKey);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': next('req') });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, what: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const price = (data: Form) => ({
    id: next('price'),
    object: 'price',
    product: data.product,
    currency: data.currency,
    unit_amount: Number(data.unit_amount),
    recurring: data.recurring,
  });
  /** The subscription as the API answers it, with `expand` applied. */
  const answer = (subscription: FakeSubscription, expand: string[]) => ({
    ...subscription,
    pending_setup_intent:
      expand.includes('pending_setup_intent') && subscription.pending_setup_intent
        ? { id: subscription.pending_setup_intent, object: 'setup_intent', client_secret: `${subscription.pending_setup_intent}_secret_fake` }
        : subscription.pending_setup_intent,
    latest_invoice:
      expand.some((e) => e.startsWith('latest_invoice')) && subscription.latest_invoice
        ? { id: subscription.latest_invoice, object: 'invoice', confirmation_secret: { type: 'payment_intent', client_secret: `pi_for_${subscription.latest_invoice}_secret_fake` } }
        : subscription.latest_invoice,
  });
  const expandOf = (form: Form, url: URL): string[] => [...((form.expand as string[] | undefined) ?? []), ...url.searchParams.getAll('expand[]'), ...url.searchParams.getAll('expand[0]'), ...url.searchParams.getAll('expand[1]')];

  const route = (method: string, path: string, form: Form, url: URL): { status: number; body: unknown } | 'not-found' => {
    let match: RegExpMatchArray | null;
    if (method === 'GET' && (match = path.match(/^\/v1\/products\/([^/]+)$/))) {
      const product = products.get(decodeURIComponent(match[1]));
      return product ? { status: 200, body: product } : 'not-found';
    }
    if (method === 'POST' && path === '/v1/products') {
      const id = String(form.id ?? next('prod'));
      if (products.has(id)) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Product already exists' } } };
      const product = { id, object: 'product', name: form.name, active: true };
      products.set(id, product);
      return { status: 200, body: product };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: next('cus'), object: 'customer', email: form.email, name: form.name, metadata: form.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!customers.has(String(form.customer))) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such customer' } } };
      const items = (form.items as Form[]).map((item) => ({
        id: next('si'),
        object: 'subscription_item' as const,
        quantity: Number(item.quantity ?? 1),
        current_period_end: now() + Number(form.trial_period_days ?? 30) * DAY,
        price: price(item.price_data as Form),
      }));
      const trial = form.trial_period_days ? now() + Number(form.trial_period_days) * DAY : null;
      const subscription: FakeSubscription = {
        id: next('sub'),
        object: 'subscription',
        customer: String(form.customer),
        // With a trial Stripe starts it trialing and asks for a payment method through a SetupIntent;
        // without one it waits (default_incomplete) for the first invoice's payment.
        status: trial ? 'trialing' : 'incomplete',
        trial_end: trial,
        metadata: (form.metadata as Record<string, string>) ?? {},
        items: { object: 'list', data: items },
        pending_setup_intent: trial ? next('seti') : null,
        latest_invoice: next('in'),
      };
      subscriptions.set(subscription.id, subscription);
      return { status: 200, body: answer(subscription, expandOf(form, url)) };
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]);
      if (!subscription) return 'not-found';
      if (method === 'GET') return { status: 200, body: answer(subscription, expandOf(form, url)) };
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return { status: 200, body: answer(subscription, []) };
      }
      if (method === 'POST') {
        for (const change of (form.items as Form[] | undefined) ?? []) {
          const item = subscription.items.data.find((i) => i.id === change.id);
          if (!item) return { status: 400, body: { error: { type: 'invalid_request_error', message: `No such subscription item: ${String(change.id)}` } } };
          if (change.quantity !== undefined) item.quantity = Number(change.quantity);
          if (change.price_data) item.price = price(change.price_data as Form);
        }
        if (form.metadata) subscription.metadata = { ...subscription.metadata, ...(form.metadata as Record<string, string>) };
        if (form.proration_behavior) subscription.proration_behavior = String(form.proration_behavior);
        return { status: 200, body: answer(subscription, expandOf(form, url)) };
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(String(form.customer))) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such customer' } } };
      const id = next('bps');
      return { status: 200, body: { id, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `https://billing.stripe.test/p/session/${id}` } };
    }
    return 'not-found';
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = await readBody(req);
      const form = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : text);
      if (url.pathname === '/_webhook') return send(res, ...webhookFor(url.searchParams));
      calls.push({ method: req.method ?? '', path: url.pathname, body: form });
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const key = req.headers['idempotency-key'];
      const remembered = typeof key === 'string' ? idempotent.get(`${url.pathname}:${key}`) : undefined;
      if (remembered) return send(res, remembered.status, remembered.body);
      const result = route(req.method ?? '', url.pathname, form, url);
      if (result === 'not-found') return notFound(res, url.pathname);
      if (typeof key === 'string' && req.method === 'POST') idempotent.set(`${url.pathname}:${key}`, result);
      send(res, result.status, result.body);
    })().catch((error: Error) => send(res, 500, { error: { type: 'api_error', message: error.message } }));
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /**
   * For a test in another process (the browser tests): GET /_webhook?email&type&secret answers
   * `{payload, signature}`, the webhook Stripe would send about the newest subscription of the
   * customer with that email, signed for `secret`; the test posts it to the app.
   */
  const webhookFor = (query: URLSearchParams): [number, unknown] => {
    const customer = [...customers.values()].reverse().find((c) => c.email === query.get('email'));
    const subscription = [...subscriptions.values()].reverse().find((sub) => sub.customer === customer?.id);
    if (!subscription) return [404, { error: { message: `no subscription of ${query.get('email') ?? 'nobody'}` } }];
    const payload = JSON.stringify(fake.subscriptionEvent(query.get('type') as 'customer.subscription.created', subscription.id));
    return [200, { payload, signature: fake.sign(payload, query.get('secret') ?? '') }];
  };

  const event = (type: string, object: Record<string, unknown>): StripeEventJson => ({
    id: next('evt'),
    object: 'event',
    type,
    created: now(),
    api_version: '2026-10-28.endive',
    data: { object },
  });

  const fake: StripeFake = {
    baseUrl: `http://127.0.0.1:${port}`,
    customers,
    subscriptions,
    calls,
    subscriptionEvent(type, subscriptionId, changes = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId} in the fake`);
      Object.assign(subscription, changes);
      return event(type, JSON.parse(JSON.stringify(subscription)) as Record<string, unknown>);
    },
    invoiceEvent(type, subscriptionId, amount) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId} in the fake`);
      const paid = type === 'invoice.paid';
      return event(type, {
        id: next('in'),
        object: 'invoice',
        customer: subscription.customer,
        currency: 'usd',
        amount_due: amount,
        amount_paid: paid ? amount : 0,
        attempt_count: 1,
        status: paid ? 'paid' : 'open',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      });
    },
    sign: (payload, secret, timestamp = now()) => stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
