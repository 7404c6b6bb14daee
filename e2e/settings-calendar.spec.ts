import { expect, type Page } from '@playwright/test';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, PHONE, registerThroughApi, test, uniqueEmail } from './support';
import { dateInZone, ZONE } from './today-support';

// Settings > Calendar, clicked through the way a caregiver would: the date picker, the Google card
// (connecting is e2e/google.spec.ts's; not configured is calendar-settings-tab.component.spec.tsx's and
// calendar.e2e.spec.ts's 503), the private iCal feed link (made, replaced, stopped)
// and the next 7 days' appointments of every recipient.

test.describe.configure({ mode: 'parallel' });

const longDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
};

async function addAppointment(page: Page, baseURL: string, childId: string, name: string, scheduledDate: string, startTime: string, location: string | null) {
  const response = await page.request.post(`/api/children/${childId}/tasks`, {
    data: { name, category: 'appointment', scheduledDate, appointmentDetails: { type: 'doctor', startTime, endTime: '17:00', location } },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
}

for (const [screen, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`a caregiver sees the week's appointments and manages the calendar feed (${screen}, ${viewport.width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    await registerThroughApi(page.request, baseURL!, { email: uniqueEmail(`calendar-tab-${screen}`), firstName: 'Ana', lastName: 'Silva' });
    const headers = { Origin: baseURL! };
    expect((await page.request.patch('/api/user/timezone', { data: { timezone: ZONE }, headers })).ok()).toBe(true);
    const leo = (await (await page.request.post('/api/children', { data: { firstName: 'Leo', lastName: 'Silva' }, headers })).json()).id as string;
    const mia = (await (await page.request.post('/api/children', { data: { firstName: 'Mia', lastName: 'Silva' }, headers })).json()).id as string;
    const today = dateInZone(0);

    const main = page.getByRole('main');
    const card = (title: string) => main.locator('.calendar-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    const upcoming = card('Upcoming Appointments');
    const feed = card('Calendar Feed (iCal)');

    await test.step('an empty week, the long-form date, and Google offered but not connected', async () => {
      await page.goto('/settings?tab=calendar');
      await expect(page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
      await expect(main.getByLabel('Date')).toHaveValue(today);
      await expect(main.getByText(longDate(today), { exact: true })).toBeVisible();
      await expect(upcoming.getByText('Next 7 days', { exact: true })).toBeVisible();
      await expect(upcoming.getByText('No upcoming appointments in the next 7 days')).toBeVisible();
      const google = card('Google Calendar');
      await expect(google.getByRole('button', { name: 'Connect Google Calendar' })).toBeEnabled();
      await expect(google.getByRole('button', { name: 'Sync Calendar' })).toBeDisabled();
      await expect(google.getByRole('button', { name: 'Sync Calendar' })).toHaveAccessibleDescription(/^Connect your Google Calendar/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
      await expectAccessibleOnPhoneAndDesktop(page);
    });

    await test.step('six appointments this week: five shown with badge, recipient, date, time and place, then +1 more', async () => {
      for (let day = 1; day <= 4; day++) await addAppointment(page, baseURL!, leo, `Leo visit ${day}`, dateInZone(day), '10:00', day === 1 ? 'Riverside Clinic' : null);
      await addAppointment(page, baseURL!, mia, 'Mia dentist', dateInZone(2), '11:30', 'Smile Dental');
      await addAppointment(page, baseURL!, mia, 'Mia therapy', dateInZone(5), '09:00', null);
      await addAppointment(page, baseURL!, mia, 'Next week', dateInZone(8), '09:00', null);
      await page.reload();
      const items = upcoming.getByRole('listitem');
      await expect(items).toHaveCount(5);
      await expect(items.locator('.calendar-upcoming__name')).toHaveText(['Leo visit 1', 'Leo visit 2', 'Mia dentist', 'Leo visit 3', 'Leo visit 4']);
      await expect(items.first()).toContainText('APPOINTMENT');
      await expect(items.first()).toContainText('Leo Silva');
      await expect(items.first()).toContainText('10:00 AM');
      await expect(items.first()).toContainText('Riverside Clinic');
      await expect(items.nth(2)).toContainText('Mia Silva');
      await expect(items.nth(2)).toContainText('11:30 AM');
      await expect(upcoming.getByText('+1 more appointments')).toBeVisible();
      await expectAccessibleOnPhoneAndDesktop(page);
    });

    await test.step('picking a later date shows the 7 days from it', async () => {
      const later = dateInZone(5);
      await main.getByLabel('Date').fill(later);
      await expect(main.getByText(longDate(later), { exact: true })).toBeVisible();
      await expect(upcoming.getByRole('listitem').locator('.calendar-upcoming__name')).toHaveText(['Mia therapy', 'Next week']);
      await expect(upcoming.getByText(/more appointments/)).toHaveCount(0);
    });

    await test.step('a private feed link with medication times; a new link stops the old; stopping ends it', async () => {
      await feed.getByRole('checkbox', { name: 'Include medication times' }).check();
      await feed.getByRole('button', { name: 'Make a feed link' }).click();
      const linkField = feed.getByLabel('Your private feed link (shown once)');
      await expect(linkField).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
      const first = new URL(await linkField.inputValue()).pathname;
      const ics = await page.request.get(first);
      expect(ics.status()).toBe(200);
      expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const text = await ics.text();
      expect(text).toContain('SUMMARY:Leo Silva: Leo visit 1');
      expect(text).toContain('LOCATION:Riverside Clinic');
      await expectAccessibleOnPhoneAndDesktop(page);

      await feed.getByRole('button', { name: 'New link' }).click();
      await expect(linkField).not.toHaveValue(new RegExp(first.split('/').pop()!.replace('.', '\\.')));
      expect((await page.request.get(first)).status()).toBe(404);
      const second = new URL(await linkField.inputValue()).pathname;

      await page.reload();
      await expect(feed.getByText(/A feed link was made on .*, with medication times\. It is shown only once/)).toBeVisible();
      await expect(feed.getByLabel('Your private feed link (shown once)')).toHaveCount(0);
      await feed.getByRole('button', { name: 'Stop feed' }).click();
      await expectToast(page, 'Feed Link Stopped');
      await expect(feed.getByRole('button', { name: 'Make a feed link' })).toBeVisible();
      expect((await page.request.get(second)).status()).toBe(404);
      await expectAccessibleOnPhoneAndDesktop(page);
    });
  });
}
