import { expect, type Page } from '@playwright/test';
import type { User } from '@carecircle/libs';
import { DESKTOP, expectNoSeriousA11yViolations, expectToast, getJson, PHONE, registerThroughApi, test, uniqueEmail } from './support';

// Settings > Profile, clicked through the way a caregiver would: change the name and the time zone,
// see them saved, and see a blank first name refused before anything is sent.

test.describe.configure({ mode: 'parallel' });

/** The spec's zone choices, in order (spec document 1, section 2). */
const ZONE_LABELS = [
  'Pacific Time (US & Canada)',
  'Mountain Time (US & Canada)',
  'Central Time (US & Canada)',
  'Eastern Time (US & Canada)',
  'UTC',
  'London',
  'Paris',
  'Berlin',
  'Tokyo',
  'Shanghai',
  'India',
  'Sydney',
];
/** The browser's own zone (playwright.config.ts): the timezone sync stores it after sign-in. */
const BROWSER_ZONE = 'America/New_York';

/** The user's PATCH calls the page sends, as "PATCH /api/user/...". */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/user/')) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return writes;
}

/** A new caregiver, signed in, on /settings once the timezone sync has stored the browser's zone. */
async function openProfileTab(page: Page, baseURL: string, label: string) {
  await registerThroughApi(page.request, baseURL, { email: uniqueEmail(label), firstName: 'Ana', lastName: 'Lopez' });
  await page.goto('/settings');
  const tabs = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  const form = page.getByRole('region', { name: 'Personal Information' });
  // Stored at sign-up as America/Los_Angeles, then the browser's zone: the untouched field follows.
  await expect(form.getByLabel('Timezone')).toHaveValue(BROWSER_ZONE);
  return {
    header: page.getByRole('region', { name: 'Profile', exact: true }),
    form,
    firstName: form.getByLabel('First Name'),
    lastName: form.getByLabel('Last Name'),
    email: form.getByLabel('Email'),
    zone: form.getByLabel('Timezone'),
    update: form.getByRole('button', { name: /Update Profile|Saving/ }),
  };
}

for (const [screen, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`a caregiver changes their name and time zone on the profile tab (${screen}, ${viewport.width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const writes = recordWrites(page);
    const tab = await openProfileTab(page, baseURL!, `profile-${screen}`);

    await test.step('the tab shows the stored profile; Update Profile waits for a change', async () => {
      await expect(tab.header.getByRole('heading', { name: 'Ana Lopez' })).toBeVisible();
      await expect(tab.header.getByText('AL', { exact: true })).toBeVisible();
      await expect(tab.header.getByText('No Subscription')).toBeVisible();
      await expect(tab.firstName).toHaveValue('Ana');
      await expect(tab.lastName).toHaveValue('Lopez');
      await expect(tab.email).toBeDisabled();
      await expect(tab.email).toHaveValue(/@example\.test$/);
      await expect(tab.zone.locator('option')).toHaveText(ZONE_LABELS);
      await expect(tab.form.getByText('Affects when your daily tasks are scheduled and displayed.')).toBeVisible();
      await expect(tab.update).toBeDisabled();
      await expect(page.getByRole('link', { name: 'Manage Care Recipients' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('a blank first name is refused on the page and nothing is sent', async () => {
      const before = writes.length;
      await tab.firstName.fill('   ');
      await tab.update.click();
      await expect(tab.form.getByText('First name is required')).toBeVisible();
      await expect(tab.firstName).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousA11yViolations(page);
      expect(writes.slice(before)).toEqual([]);
      expect((await getJson<User>(page, '/api/auth/user')).firstName).toBe('Ana');
    });

    await test.step('new names and a new zone: both saved, one toast, the header follows', async () => {
      await tab.firstName.fill('Maria');
      await tab.lastName.fill('  Silva ');
      await tab.zone.selectOption({ label: 'Tokyo' });
      await tab.update.click();
      await expectToast(page, 'Profile Updated');
      await expectToast(page, 'Your name and time zone (Tokyo) were saved.');
      await expect(tab.header.getByRole('heading', { name: 'Maria Silva' })).toBeVisible();
      await expect(tab.header.getByText('MS', { exact: true })).toBeVisible();
      await expect(tab.lastName).toHaveValue('Silva');
      await expect(tab.update).toBeDisabled();
      expect(writes.filter((write) => write.endsWith('/profile') || write.endsWith('/timezone')).slice(-2)).toEqual(['PATCH /api/user/profile', 'PATCH /api/user/timezone']);
      const stored = await getJson<User>(page, '/api/auth/user');
      expect([stored.firstName, stored.lastName, stored.timezone]).toEqual(['Maria', 'Silva', 'Asia/Tokyo']);
    });

    await test.step('the zone alone: Timezone Updated', async () => {
      const before = writes.length;
      // The browser's own zone.
      await tab.zone.selectOption({ label: 'Eastern Time (US & Canada)' });
      await tab.update.click();
      await expectToast(page, 'Timezone Updated');
      await expect(tab.update).toBeDisabled();
      expect(writes.slice(before)).toEqual(['PATCH /api/user/timezone']);
      expect((await getJson<User>(page, '/api/auth/user')).timezone).toBe(BROWSER_ZONE);
    });

    await test.step('after a reload the fields show what was saved', async () => {
      await page.reload();
      await expect(tab.header.getByRole('heading', { name: 'Maria Silva' })).toBeVisible();
      await expect(tab.firstName).toHaveValue('Maria');
      await expect(tab.lastName).toHaveValue('Silva');
      await expect(tab.zone).toHaveValue(BROWSER_ZONE);
      await expect(tab.update).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('a zone chosen on the profile tab stays; the browser’s zone is stored again only when it changes (a trip)', async ({ page, baseURL, browser }) => {
  const tab = await openProfileTab(page, baseURL!, 'profile-zone');
  await tab.zone.selectOption({ label: 'Tokyo' });
  await tab.update.click();
  await expectToast(page, 'Timezone Updated');
  await expect(tab.update).toBeDisabled();
  expect((await getJson<User>(page, '/api/auth/user')).timezone, 'stored after the save').toBe('Asia/Tokyo');

  // The next visit from this browser (same zone as when it first told it) leaves the choice alone.
  const timezoneWrites = recordWrites(page);
  await page.reload();
  await expect(tab.firstName).toHaveValue('Ana');
  await expect(tab.zone).toHaveValue('Asia/Tokyo');
  expect((await getJson<User>(page, '/api/auth/user')).timezone, 'stored after a reload').toBe('Asia/Tokyo');
  expect(timezoneWrites).toEqual([]);

  // The same browser in another zone (its storage and session taken along): its zone is stored again.
  const travelling = await browser.newContext({ timezoneId: 'Europe/Paris', storageState: await page.context().storageState() });
  try {
    const abroad = await travelling.newPage();
    const synced = abroad.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/user/timezone'));
    await abroad.goto(new URL('/settings', baseURL).toString());
    expect((await synced).postDataJSON()).toEqual({ timezone: 'Europe/Paris' });
    await expect(abroad.getByRole('region', { name: 'Personal Information' }).getByLabel('Timezone')).toHaveValue('Europe/Paris');
  } finally {
    await travelling.close();
  }
});
