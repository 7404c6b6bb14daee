import { expect } from '@playwright/test';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, PHONE, registerThroughApi, test, uniqueEmail } from './support';

// Subscribe and Settings > Billing on a server without STRIPE_* (the test server has no Stripe, and
// js.stripe.com cannot be reached from here): the pages say billing is not configured, load no
// Stripe.js, and the plan choice and its total work. The payment step with billing configured is
// e2e/subscribe-payment.spec.ts's (a Stripe.js stand-in); webhooks, the portal and Update Plan against
// the real SDK are backend/src/modules/billing/billing.e2e.spec.ts's.

test.describe.configure({ mode: 'parallel' });

test('a signed-out visitor to /subscribe is sent to sign in', async ({ page }) => {
  await page.goto('/subscribe');
  await expect(page).toHaveURL(/\/login\?next=%2Fsubscribe$/);
});

for (const [screen, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`Choose Your Plan and the Billing tab say billing is not configured; the plan total follows the choice (${screen}, ${viewport.width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const stripeRequests: string[] = [];
    page.on('request', (request) => {
      if (/stripe\.com/.test(request.url())) stripeRequests.push(request.url());
    });
    await registerThroughApi(page.request, baseURL!, { email: uniqueEmail(`subscribe-${screen}`), firstName: 'Ana', lastName: 'Silva' });
    const headers = { Origin: baseURL! };
    for (const firstName of ['Leo', 'Mia']) expect((await page.request.post('/api/children', { data: { firstName, lastName: 'Silva' }, headers })).status()).toBe(201);

    await page.goto('/settings?tab=billing');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText('No Active Plan')).toBeVisible();
    await expect(billing.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(billing.getByText('Billing is not configured on this server')).toBeVisible();
    await expectAccessibleOnPhoneAndDesktop(page);
    await billing.getByRole('link', { name: 'Subscribe Now' }).click();

    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(page.getByText('Billing is not configured on this server')).toBeVisible();
    const plans = page.getByRole('radiogroup', { name: 'Plans' });
    await expect(plans.getByRole('radio', { name: /Per Child Plan/ })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('plan-total')).toHaveText('$40/month');
    await expect(page.getByText(/Selected Plan: Per Child Plan x 2 care recipients/)).toBeVisible();
    await plans.getByRole('radio', { name: /Family Plan/ }).click();
    await expect(plans.getByRole('radio', { name: /Family Plan/ })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('plan-total')).toHaveText('$100/month');
    await expect(page.getByRole('button', { name: 'Start 7-Day Free Trial' })).toBeDisabled();
    await expectAccessibleOnPhoneAndDesktop(page);
    expect(stripeRequests).toEqual([]);
  });
}
