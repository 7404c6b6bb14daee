import { expect, type Page } from '@playwright/test';
import type { User } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, PHONE, registerThroughApi, test, uniqueEmail } from './support';

// Prayer Settings on Settings > Profile, its preview (the Prayer widget) and the Prayer Times sheet,
// clicked through the way a caregiver would: enable, change the method, see the server's times, open
// the sheet, disable. The device's location is refused in one flow and a fixed position in the other.

test.describe.configure({ mode: 'parallel' });

/** The browser's zone (playwright.config.ts), which the timezone sync stores as the profile's. */
const ZONE = 'America/New_York';
/** Where the times are computed when the device gives no location (spec document 2, section 9). */
const DEFAULT_LOCATION = { latitude: 40.7128, longitude: -74.006 };
const CAIRO = { latitude: 30.0444, longitude: 31.2357 };

interface PrayerDay {
  formatted: { name: string; timeFormatted: string; isNext: boolean; isPassed: boolean }[];
  nextPrayer: { name: string; time: string; minutesUntil: number };
  date: { readable: string };
}

/** The server's own answer for these coordinates and method, in the profile's zone. */
async function serverDay(page: Page, at: { latitude: number; longitude: number }, method: number): Promise<PrayerDay> {
  const query = new URLSearchParams({ latitude: String(at.latitude), longitude: String(at.longitude), method: String(method), timezone: ZONE });
  return (await getJson<{ data: PrayerDay }>(page, `/api/prayer-times/coordinates?${query}`)).data;
}

/** The five prayers (not Sunrise) as the widget lists them: name, then time. */
const fiveAsListed = (day: PrayerDay) => day.formatted.filter((p) => p.name !== 'Sunrise').map((p) => `${p.name}${p.timeFormatted}`);

/** A new caregiver on /settings once the timezone sync has stored the browser's zone. */
async function openProfileTab(page: Page, baseURL: string, label: string) {
  await registerThroughApi(page.request, baseURL, { email: uniqueEmail(label), firstName: 'Amina', lastName: 'Khan' });
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Personal Information' }).getByLabel('Timezone')).toHaveValue(ZONE);
  const settings = page.getByRole('region', { name: 'Prayer Settings' });
  const widget = settings.getByRole('region', { name: "Today's Prayer Times" });
  return {
    settings,
    toggle: settings.getByRole('button', { name: 'Prayer Settings' }),
    method: settings.getByLabel('Calculation Method'),
    widget,
    widgetTimes: widget.getByRole('list', { name: 'Prayer times today' }).getByRole('listitem'),
  };
}

for (const [screen, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`a caregiver turns prayer times on, changes the method and turns them off, location refused (${screen}, ${viewport.width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const tab = await openProfileTab(page, baseURL!, `prayer-${screen}`);

    await test.step('Prayer Settings is collapsed; opened it says Disabled', async () => {
      await expect(tab.toggle).toHaveAttribute('aria-expanded', 'false');
      await tab.toggle.click();
      await expect(tab.settings.getByText('Disabled', { exact: true })).toBeVisible();
      await expect(tab.method).toHaveCount(0);
      await expectAccessibleOnPhoneAndDesktop(page);
    });

    await test.step('Enable: saved, and the preview shows the server’s times at the default location by North America', async () => {
      await tab.settings.getByRole('button', { name: 'Enable' }).click();
      await expectToast(page, 'Prayer Settings Updated');
      await expect(tab.settings.getByText('Enabled', { exact: true })).toBeVisible();
      expect((await getJson<User>(page, '/api/auth/user')).enablePrayerTasks).toBe(true);
      await expect(tab.method).toHaveValue('2');
      await expect(tab.method.locator('option')).toHaveText(['Karachi', 'North America', 'Muslim World League', 'Makkah (Umm Al-Qura)', 'Egyptian']);
      await expect(tab.widgetTimes).toHaveText(fiveAsListed(await serverDay(page, DEFAULT_LOCATION, 2)));
      await expect(tab.widget.getByText('Based on your location · Eastern Time (US & Canada)')).toBeVisible();
      await expect(tab.widget.locator('dd')).toHaveCount(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
      await expectAccessibleOnPhoneAndDesktop(page);
    });

    await test.step('another method: saved, and the preview follows it', async () => {
      await tab.method.selectOption({ label: 'Muslim World League' });
      await expectToast(page, 'Prayer Settings Updated');
      await expect.poll(async () => (await getJson<User>(page, '/api/auth/user')).prayerCalculationMethod).toBe(3);
      const day = await serverDay(page, DEFAULT_LOCATION, 3);
      expect(fiveAsListed(day), 'the methods differ at this place').not.toEqual(fiveAsListed(await serverDay(page, DEFAULT_LOCATION, 2)));
      await expect(tab.widgetTimes).toHaveText(fiveAsListed(day));
    });

    await test.step('the sheet: the default location, marked, and the server’s day', async () => {
      await tab.widget.getByRole('button', { name: 'Prayer times', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Prayer Times' });
      const day = await serverDay(page, DEFAULT_LOCATION, 3);
      await expect(sheet.getByText(day.date.readable)).toBeVisible();
      await expect(sheet.getByText('Unable to get location. Using default location.')).toBeVisible();
      await expect(sheet.getByText('Default', { exact: true })).toBeVisible();
      await expect(sheet.getByText('40.71, -74.01')).toBeVisible();
      await expect(sheet.getByLabel('Calculation Method')).toHaveValue('3');
      await expect(sheet.getByRole('list', { name: 'Prayers' }).getByRole('listitem')).toHaveCount(5);
      await expectAccessibleOnPhoneAndDesktop(page, '.prayer-sheet');
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect(sheet).toBeHidden();
    });

    await test.step('Disable: saved; the method and the preview go away', async () => {
      await tab.settings.getByRole('button', { name: 'Disable' }).click();
      await expectToast(page, 'Prayer Settings Updated');
      await expect(tab.settings.getByText('Disabled', { exact: true })).toBeVisible();
      await expect(tab.method).toHaveCount(0);
      await expect(tab.widget).toHaveCount(0);
      expect(await getJson<User>(page, '/api/auth/user')).toMatchObject({ enablePrayerTasks: false, prayerCalculationMethod: 3 });
    });
  });
}

test.describe('with the device’s location', () => {
  test.use({ geolocation: CAIRO, permissions: ['geolocation'] });

  test('the preview and the sheet use the device’s position: the server’s times there, no Default badge', async ({ page, baseURL }) => {
    const tab = await openProfileTab(page, baseURL!, 'prayer-located');
    await tab.toggle.click();
    await tab.settings.getByRole('button', { name: 'Enable' }).click();
    await expectToast(page, 'Prayer Settings Updated');
    // Enable sends the device's position with the setting: the prayer tasks are computed there.
    await expect.poll(async () => (await getJson<User>(page, '/api/auth/user')).latitude).toBe('30.04440000');
    await tab.method.selectOption('5');
    await expect.poll(async () => (await getJson<User>(page, '/api/auth/user')).prayerCalculationMethod).toBe(5);
    await page.reload();

    await expect(tab.toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(tab.method).toHaveValue('5');
    const day = await serverDay(page, CAIRO, 5);
    await expect(tab.widgetTimes).toHaveText(fiveAsListed(day));
    // The widget reads the answer as the sheet does: the server's next prayer, at the server's time.
    await expect(tab.widget).toContainText(`${day.nextPrayer.name} at ${day.nextPrayer.time}`);

    await tab.widget.getByRole('button', { name: 'Prayer times', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Prayer Times' });
    await expect(sheet.getByText('30.04, 31.24')).toBeVisible();
    await expect(sheet.getByText('Default', { exact: true })).toHaveCount(0);
    const prayers = sheet.getByRole('list', { name: 'Prayers' }).getByRole('listitem');
    await expect(prayers).toHaveCount(5);
    for (const [index, prayer] of day.formatted.filter((p) => p.name !== 'Sunrise').entries()) {
      await expect(prayers.nth(index)).toContainText(prayer.timeFormatted);
    }
    await expect(sheet.getByRole('region', { name: 'Next prayer' })).toContainText(day.nextPrayer.name);

    await test.step('the sheet’s own method selector asks again', async () => {
      await sheet.getByLabel('Calculation Method').selectOption({ label: 'Karachi' });
      const karachi = await serverDay(page, CAIRO, 1);
      await expect(prayers.first()).toContainText(karachi.formatted[0].timeFormatted);
    });
    await expectAccessibleOnPhoneAndDesktop(page, '.prayer-sheet');
  });
});
