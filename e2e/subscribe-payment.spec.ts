import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, PHONE, registerThroughApi, test, uniqueEmail } from './support';

// Subscribe up to the payment step on a server with billing configured (playwright.config.ts's second
// server: STRIPE_* pointing at the local Stripe API of e2e/global-setup.ts). Stripe.js cannot be
// reached from the test machines: the browser gets e2e/stripe-js-stand-in.js in its place, which
// mounts a card field and, on confirmation, goes to return_url as Stripe does (or declines the test
// card 4000 0000 0000 0002). What follows the payment (webhooks) is billing.e2e.spec.ts's.

const STRIPE_APP = `http://127.0.0.1:${process.env.E2E_STRIPE_APP_PORT}`;
const STAND_IN = readFileSync(require.resolve('./stripe-js-stand-in.js'), 'utf8');

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
  test(`Start 7-Day Free Trial opens the payment step; a declined card says so; Back to Plans and a good card go on to /?subscribed=true (${screen})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const elsewhere = await serveStripeJs(page);
    await registerThroughApi(page.request, STRIPE_APP, { email: uniqueEmail(`pay-${screen}`), firstName: 'Ana', lastName: 'Silva' });
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
    await expect(page.locator('.ant-notification').getByText('Your card was declined.')).toBeVisible();
    await expect(page).toHaveURL(/\/subscribe$/);

    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Complete Subscription' }).click();
    await expect(page).toHaveURL(/\/\?subscribed=true$/);
    expect(elsewhere).toEqual([]);
  });
}
