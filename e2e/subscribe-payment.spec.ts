import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, PHONE, registerThroughApi, test, toasts, uniqueEmail } from './support';

// Subscribe up to the payment step on a server with billing configured (playwright.config.ts's second
// server: STRIPE_* pointing at the local Stripe API of e2e/global-setup.ts). Stripe.js cannot be
// reached from the test machines: the browser gets e2e/stripe-js-stand-in.js in its place, which
// mounts a card field and, on confirmation, goes to return_url as Stripe does (or declines the test
// card 4000 0000 0000 0002). What follows the payment (webhooks) is billing.e2e.spec.ts's.

const STRIPE_APP = `http://127.0.0.1:${process.env.E2E_STRIPE_APP_PORT}`;
const STAND_IN = readFileSync(require.resolve('./stripe-js-stand-in.js'), 'utf8');
/** The second server's STRIPE_WEBHOOK_SECRET (playwright.config.ts). */
const WEBHOOK_SECRET = process.env.E2E_STRIPE_WEBHOOK_SECRET!;

test.use({ baseURL: STRIPE_APP });

/** Serves the stand-in wherever @stripe/stripe-js looks for Stripe.js; nothing else of stripe.com may be asked for. */
async function serveStripeJs(page: Page): Promise<string[]> {
  const elsewhere: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }));
  page.on('request', (request) => {
    const url = request.url();
    if (/stripe\.com/.test(url) && !url.startsWith('https://js.stripe.com/')) elsewhere.push(url);
  });
  return elsewhere;
}

for (const [screen, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`Subscribe to the payment step (a declined card, Back to Plans, then /?subscribed=true); once Stripe says so, Update Plan and Manage Billing (${screen})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const elsewhere = await serveStripeJs(page);
    const email = uniqueEmail(`pay-${screen}`);
    await registerThroughApi(page.request, STRIPE_APP, { email, firstName: 'Ana', lastName: 'Silva' });
    for (const firstName of ['Leo', 'Mia']) expect((await page.request.post('/api/children', { data: { firstName, lastName: 'Silva' }, headers: { Origin: STRIPE_APP } })).status()).toBe(201);

    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(page.getByTestId('plan-total')).toHaveText('$40/month');
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    await expectToast(page, 'Subscription Created');
    const card = page.getByLabel('Card number');
    await expect(card).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Subscription' })).toBeEnabled();
    await expectAccessibleOnPhoneAndDesktop(page);

    // Back to Plans, then the same plan again: the payment step comes back (the subscription is reused).
    await page.getByRole('button', { name: 'Back to Plans' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    await expect(card).toBeVisible();

    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Complete Subscription' }).click();
    await expectToast(page, 'Payment Failed');
    await expect(toasts(page).getByText('Your card was declined.')).toBeVisible();
    await expect(page).toHaveURL(/\/subscribe$/);

    await card.fill('4242 4242 4242 4242');
    const returned = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).search === '?subscribed=true');
    await page.getByRole('button', { name: 'Complete Subscription' }).click();
    expect(new URL((await returned).url()).pathname).toBe('/');
    // Back from Stripe before its webhook: told in plain words, and the flag leaves the address.
    await expectToast(page, 'Activating Your Subscription');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'CareCircle' })).toBeVisible();
    await expectAccessibleOnPhoneAndDesktop(page);

    // Stripe's webhook that the subscription started (its trial): the page, still asking, says it is
    // active; Settings > Billing then shows the plan, Update Plan switches it (prorated, at the local
    // Stripe) and Manage Billing opens the portal.
    await stripeSays(page, email, 'customer.subscription.created');
    await expectToast(page, 'Subscription Active');
    await expectToast(page, 'Your Per Child Plan is active. Your 7-day free trial has started: nothing is charged until it ends.');
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    await expect(page.getByText('Your plan: Per Child Plan, $40 per month.')).toBeVisible();
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/settings?tab=billing');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText('Per Child Plan')).toBeVisible();
    await expect(billing.getByText('Active', { exact: true })).toBeVisible();
    await billing.getByRole('button', { name: 'Update Plan' }).click();
    await billing.getByRole('radio', { name: /Family Plan/ }).click();
    await expectAccessibleOnPhoneAndDesktop(page);
    await billing.getByRole('button', { name: 'Switch to Family Plan' }).click();
    await expectToast(page, 'Plan Updated');
    await expect(billing.getByText('Family Plan', { exact: true })).toBeVisible();
    await page.route('https://billing.stripe.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Stripe portal</title><h1>Stripe portal</h1>' }));
    await billing.getByRole('button', { name: 'Manage Billing' }).click();
    await expect(page).toHaveURL(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(elsewhere.filter((url) => !url.startsWith('https://billing.stripe.test/'))).toEqual([]);
  });
}

/** Posts to the app the webhook the local Stripe makes about the newest subscription of `email` (signed with the app's secret). */
async function stripeSays(page: Page, email: string, type: string): Promise<void> {
  const query = new URLSearchParams({ email, type, secret: WEBHOOK_SECRET });
  const made = await page.request.get(`http://127.0.0.1:${process.env.E2E_STRIPE_PORT}/_webhook?${query}`);
  expect(made.status()).toBe(200);
  const { payload, signature } = (await made.json()) as { payload: string; signature: string };
  const delivered = await page.request.post('/api/stripe/webhook', { data: payload, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature } });
  expect(delivered.status(), await delivered.text()).toBe(200);
}
