import { expect, type Page } from '@playwright/test';
import { CALENDAR_MESSAGES, GOOGLE_CONNECT_OUTCOMES, GOOGLE_SIGN_IN_ERRORS, type CalendarStatus, type User } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, registerThroughApi, test, uniqueEmail } from './support';
import { dateInZone, ZONE } from './today-support';

// Google sign-in and Google Calendar through the real libraries against e2e/google-fake.mjs, a local
// stand-in for Google's consent page, token, certificate and Calendar endpoints (playwright.config.ts
// starts it and points the app's GOOGLE_API_BASE_URL at it).

test.describe.configure({ mode: 'parallel' });

const GOOGLE_FAKE = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT}`;

/** On the stand-in's consent page: the account's email, then Allow or Cancel. */
async function answerConsent(page: Page, decision: 'Allow' | 'Cancel', email?: string) {
  await page.waitForURL((url) => url.origin === GOOGLE_FAKE && url.pathname === '/o/oauth2/v2/auth');
  if (email) await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: decision }).click();
}

test('a caregiver signs in with Google: a new verified email becomes an account, signed in at once', async ({ page, baseURL }) => {
  const email = uniqueEmail('google-sign-in');
  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeEnabled();
  await expectAccessibleOnPhoneAndDesktop(page);
  await google.click();
  await answerConsent(page, 'Allow', email);
  await page.waitForURL((url) => url.href === `${baseURL}/`);
  const me = await getJson<User>(page, '/api/auth/user');
  expect(me).toMatchObject({ email, firstName: 'Gia', lastName: 'Google', role: 'parent' });
  await expectAccessibleOnPhoneAndDesktop(page);
});

test('a Google sign-in cancelled at Google comes back to /login saying so, signed out', async ({ page, baseURL }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await answerConsent(page, 'Cancel');
  await page.waitForURL((url) => url.href === `${baseURL}/login?error=google_cancelled`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(GOOGLE_SIGN_IN_ERRORS.google_cancelled);
  // Above the sign-in options.
  const [alertBox, firstOption] = await Promise.all([alert.boundingBox(), page.getByRole('button', { name: 'Continue with Email' }).boundingBox()]);
  expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(firstOption!.y);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await expectAccessibleOnPhoneAndDesktop(page);
});

test('Settings > Calendar: connect Google Calendar, the appointments follow without Sync, then disconnect', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('google-calendar'), firstName: 'Ana', lastName: 'Silva' });
  const headers = { Origin: baseURL! };
  expect((await page.request.patch('/api/user/timezone', { data: { timezone: ZONE }, headers })).ok()).toBe(true);
  const leo = (await (await page.request.post('/api/children', { data: { firstName: 'Leo', lastName: 'Silva' }, headers })).json()).id as string;
  const main = page.getByRole('main');
  const card = main.locator('.calendar-card').filter({ has: page.getByRole('heading', { name: 'Google Calendar', exact: true }) });
  const googleEvents = async () => ((await (await page.request.get(`${GOOGLE_FAKE}/_state`)).json()) as { events: { summary: string }[] }).events.map((event) => event.summary);

  await page.goto('/settings?tab=calendar');
  await expect(card.getByRole('button', { name: 'Sync Calendar' })).toBeDisabled();
  await expectAccessibleOnPhoneAndDesktop(page);
  await card.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await answerConsent(page, 'Allow');

  await page.waitForURL((url) => url.href === `${baseURL}/settings?tab=calendar`);
  await expectToast(page, GOOGLE_CONNECT_OUTCOMES.connected.title);
  await expect(card.getByText(/^Connected\./)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sync Calendar' })).toBeEnabled();
  await expectAccessibleOnPhoneAndDesktop(page);

  // A new appointment reaches Google by itself (the worker's background sync).
  const created = await page.request.post(`/api/children/${leo}/tasks`, {
    data: { name: 'Physio', category: 'appointment', scheduledDate: dateInZone(1), appointmentDetails: { type: 'doctor', startTime: '10:00', endTime: '11:00', location: 'Riverside Clinic' } },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect.poll(googleEvents).toContain('Leo Silva: Physio');

  await page.setViewportSize(DESKTOP);
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await expectToast(page, 'Google Calendar Disconnected');
  await expect(card.getByRole('button', { name: 'Connect Google Calendar' })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Sync Calendar' })).toBeDisabled();
  await expectAccessibleOnPhoneAndDesktop(page);
});

test('Settings > Calendar: consent refused at Google comes back to the tab saying so, not connected', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('google-calendar-denied'), firstName: 'Ana', lastName: 'Silva' });
  await page.goto('/settings?tab=calendar');
  const card = page.getByRole('main').locator('.calendar-card').filter({ has: page.getByRole('heading', { name: 'Google Calendar', exact: true }) });
  await card.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await answerConsent(page, 'Cancel');
  await page.waitForURL((url) => url.href === `${baseURL}/settings?tab=calendar`);
  await expectToast(page, GOOGLE_CONNECT_OUTCOMES.denied.title);
  await expect(card.getByRole('button', { name: 'Connect Google Calendar' })).toBeEnabled();
  await expectAccessibleOnPhoneAndDesktop(page);
});

test('Settings > Calendar: access withdrawn at Google, the tab says to reconnect, and reconnecting works', async ({ page, baseURL }) => {
  const email = uniqueEmail('google-calendar-withdrawn');
  await registerThroughApi(page.request, baseURL!, { email, firstName: 'Ana', lastName: 'Silva' });
  const headers = { Origin: baseURL! };
  const leo = (await (await page.request.post('/api/children', { data: { firstName: 'Leo', lastName: 'Silva' }, headers })).json()).id as string;
  const card = page.getByRole('main').locator('.calendar-card').filter({ has: page.getByRole('heading', { name: 'Google Calendar', exact: true }) });
  await page.goto('/settings?tab=calendar');
  await card.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await answerConsent(page, 'Allow', email);
  await page.waitForURL((url) => url.href === `${baseURL}/settings?tab=calendar`);
  await expect(card.getByText(/^Connected\./)).toBeVisible();

  // The caregiver withdraws the app's access at Google; the next background sync meets invalid_grant.
  expect((await page.request.post(`${GOOGLE_FAKE}/_withdraw?email=${encodeURIComponent(email)}`)).status()).toBe(204);
  const created = await page.request.post(`/api/children/${leo}/tasks`, {
    data: { name: 'Dentist', category: 'appointment', scheduledDate: dateInZone(2), appointmentDetails: { type: 'doctor', startTime: '10:00', endTime: '11:00' } },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect.poll(async () => (await getJson<CalendarStatus>(page, '/api/calendar/status')).google.needsReconnect).toBe(true);

  await page.reload();
  await expect(card.getByText(CALENDAR_MESSAGES.needsReconnect)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sync Calendar' })).toBeDisabled();
  await expectAccessibleOnPhoneAndDesktop(page);
  await card.getByRole('button', { name: 'Reconnect Google Calendar' }).click();
  await answerConsent(page, 'Allow', email);
  await page.waitForURL((url) => url.href === `${baseURL}/settings?tab=calendar`);
  await expectToast(page, GOOGLE_CONNECT_OUTCOMES.connected.title);
  await expect(card.getByText(CALENDAR_MESSAGES.needsReconnect)).toHaveCount(0);
  await card.getByRole('button', { name: 'Sync Calendar' }).click();
  await expectToast(page, 'Calendar Synced');
});
