import { expect, type Page } from '@playwright/test';
import type { AdminStats } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, PASSWORD, registerThroughApi, test, uniqueEmail } from './support';

// The admin dashboard (spec document 1, "Admin dashboard"; issue 25): a super admin reads the figures
// and finds a user; anyone else is shown Access Denied.

/** playwright.config.ts makes this address a super admin. */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;

/** Signs the page in as the run's super admin (registered once per run's database). */
async function signInAsAdmin(page: Page, baseURL: string) {
  const registered = await page.request.post('/api/auth/register', {
    data: { email: ADMIN_EMAIL, password: PASSWORD, firstName: 'Ada', lastName: 'Admin' },
    headers: { Origin: baseURL },
  });
  if (registered.status() !== 201) {
    const signedIn = await page.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: PASSWORD }, headers: { Origin: baseURL } });
    expect(signedIn.status()).toBe(200);
  }
}

test('anyone but a super admin sees Access Denied, with a way back to the dashboard', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('not-admin'), firstName: 'Ana', lastName: 'Lopez' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
  await page.goto('/settings?tab=account');
  await expect(page.getByText('Signed in as')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the Admin Dashboard' })).toHaveCount(0);
  await page.goto('/admin');
  await expectAccessibleOnPhoneAndDesktop(page);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a super admin reads the overview, finds a user by part of a name, and sees the plans', async ({ page, baseURL }) => {
  const lastName = `Zephyr${Date.now()}`;
  const email = uniqueEmail('found');
  await registerThroughApi(page.request, baseURL!, { email, firstName: 'Noor', lastName });
  await signInAsAdmin(page, baseURL!);

  await page.goto('/settings?tab=account');
  await page.getByRole('link', { name: 'Open the Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const stats = await getJson<AdminStats>(page, '/api/admin/stats');
  expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
  for (const card of ['Total Users', 'Active Subscriptions', 'Monthly Revenue']) await expect(page.getByRole('region', { name: card })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Monthly Revenue' })).toContainText('$');
  await expect(page.getByRole('heading', { name: 'System Overview' })).toBeVisible();
  await expect(page.getByText(/^\d+%$/).first()).toBeVisible();
  // The revenue charts (MRR and active subscriptions per day), read as their first and last values; another range asks again.
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.locator('.admin-revenue__chart figcaption')).toHaveText([
    new RegExp(`^Monthly recurring revenue: \\$[\\d,]+ on \\d{4}-\\d{2}-\\d{2}, \\$[\\d,]+ on ${today} \\(highest \\$[\\d,]+\\)\\.$`),
    new RegExp(`^Active subscriptions: \\d+ on \\d{4}-\\d{2}-\\d{2}, \\d+ on ${today} \\(highest \\d+\\)\\.$`),
  ]);
  await page.getByLabel('Range').selectOption({ label: 'Last 90 days' });
  await expect(page.getByText('Trial-to-paid conversion')).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page);

  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  const table = page.getByRole('region', { name: 'Users' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('Search users').fill(lastName.toUpperCase());
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(`Noor ${lastName}`);
  await expect(row).toContainText(email);
  await expect(row).toContainText('Primary Caregiver');
  await expect(row).toContainText('None');
  await expect(row).toContainText('Inactive');
  await expectAccessibleOnPhoneAndDesktop(page);

  // The edit dialog: the user read-only, a plan and a status; saved in the admin's name.
  await row.getByRole('button', { name: `Edit Noor ${lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Subscription' });
  await expect(dialog).toContainText(email);
  await expectAccessibleOnPhoneAndDesktop(page, '.ant-modal');
  await dialog.getByLabel('Plan').selectOption({ label: 'Family Plan' });
  await dialog.getByLabel('Status').selectOption({ label: 'Active' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'User subscription updated successfully.');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Family');
  await expect(row).toContainText('Active');

  await page.getByLabel('Search users').fill(`${lastName}-nobody`);
  await expect(table.getByText(`No users match "${lastName}-nobody".`)).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Per Child Plan' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Family Plan' })).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page);

  // The audit log names the admin's change of Noor's subscription.
  await page.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByText('Subscription set by an administrator').first()).toBeVisible();
  // Searched by her name: only what concerns Noor's account; a name nobody has: nothing.
  const search = page.getByRole('searchbox', { name: 'Search by account' });
  await search.fill(lastName.toUpperCase());
  const items = page.locator('.security-activity__item');
  const accounts = async () => new Set((await items.allTextContents()).map((text) => /account ([0-9a-f-]{36})/.exec(text)?.[1]));
  await expect.poll(async () => (await accounts()).size, 'one account left in the list').toBe(1);
  await expect(items.filter({ hasText: 'Subscription set by an administrator' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Account created' })).toHaveCount(1);
  await search.fill(`${lastName}-nobody`);
  await expect(page.getByText(`No activity of an account matching "${lastName}-nobody".`)).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page);
});
