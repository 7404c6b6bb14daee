import { expect, type Page } from '@playwright/test';
import { CALENDAR_MESSAGES, GOOGLE_CONNECT_OUTCOMES, GOOGLE_SIGN_IN_ERRORS, type CalendarStatus, type User } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, PASSWORD, registerThroughApi, test, uniqueEmail } from './support';
import { dateInZone, ZONE } from './today-support';

// Google sign-in and Google Calendar through the real libraries against e2e/google-fake.mjs, a local
// stand-in for Google's consent page, token, certificate and Calendar endpoints (playwright.config.ts
// starts it and points the app's GOOGLE_API_BASE_URL at it).

test.describe.configure({ mode: 'parallel' });

const GOOGLE_FAKE = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT}`;

/** On the stand-in's consent page: the account's email (for a sign-in, whether Google verified it), then Allow or Cancel. */
async function answerConsent(page: Page, decision: 'Allow' | 'Cancel', email?: string, options: { unverified?: boolean } = {}) {
  await page.waitForURL((url) => url.origin === GOOGLE_FAKE && url.pathname === '/o/oauth2/v2/auth');
  if (email) await page.getByRole('textbox', { name: 'Email' }).fill(email);
  if (options.unverified) await page.getByRole('checkbox', { name: 'Email verified' }).uncheck();
  await page.getByRole('button', { name: decision }).click();
}

/** /login after a refused Google sign-in: the reason as an alert above the sign-in options, signed out. */
async function expectRefusedAtLogin(page: Page, baseURL: string, error: keyof typeof GOOGLE_SIGN_IN_ERRORS) {
  await page.waitForURL((url) => url.href === `${baseURL}/login?error=${error}`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(GOOGLE_SIGN_IN_ERRORS[error]);
  const [alertBox, firstOption] = await Promise.all([alert.boundingBox(), page.getByRole('button', { name: 'Continue with Email' }).boundingBox()]);
  expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(firstOption!.y);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await expectAccessibleOnPhoneAndDesktop(page);
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

test('a Google sign-in with the email of an existing account signs into that account, never a second one', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('google-existing');
  // Registered with a password from another session (the page's browser stays signed out).
  await registerThroughApi(request, baseURL!, { email, firstName: 'Rosa', lastName: 'Vega' });
  const registered = await (await request.get('/api/auth/user')).json() as User;

  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await answerConsent(page, 'Allow', email.toUpperCase());
  await page.waitForURL((url) => url.href === `${baseURL}/`);
  // The same account, its own names kept (the stand-in's Gia Google would name a new one).
  expect(await getJson<User>(page, '/api/auth/user')).toMatchObject({ id: registered.id, email, firstName: 'Rosa', lastName: 'Vega' });
  await expectAccessibleOnPhoneAndDesktop(page);
  // Still one account: registering the email again is refused.
  const again = await request.post('/api/auth/register', { data: { email, password: PASSWORD, firstName: 'Rosa', lastName: 'Vega' }, headers: { Origin: baseURL! } });
  expect(again.status()).toBe(409);
});

test('a Google sign-in cancelled at Google comes back to /login saying so, signed out', async ({ page, baseURL }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await answerConsent(page, 'Cancel');
  await expectRefusedAtLogin(page, baseURL!, 'google_cancelled');
});

test('a Google account whose email Google has not verified is refused at /login, and no account is made', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('google-unverified');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await answerConsent(page, 'Allow', email, { unverified: true });
  await expectRefusedAtLogin(page, baseURL!, 'google_unverified');
  // Nothing was made for that email: it registers as new.
  await registerThroughApi(request, baseURL!, { email, firstName: 'Una', lastName: 'Verified' });
});

test('a Google callback with a forged state is refused at /login, signed out', async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  // Begun in this browser, then answered with another state than the one the app sent.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => url.origin === GOOGLE_FAKE);
  await page.goto(`/api/auth/google/callback?state=${'f'.repeat(43)}&code=forged-code`);
  await expectRefusedAtLogin(page, baseURL!, 'google_expired');
  // /login without the parameter shows no alert.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Settings > Calendar: connect Google Calendar, Sync sends the appointments, later ones follow without Sync, then disconnect', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('google-calendar'), firstName: 'Ana', lastName: 'Silva' });
  const headers = { Origin: baseURL! };
  expect((await page.request.patch('/api/user/timezone', { data: { timezone: ZONE }, headers })).ok()).toBe(true);
  const leo = (await (await page.request.post('/api/children', { data: { firstName: 'Leo', lastName: 'Silva' }, headers })).json()).id as string;
  const appointment = async (name: string, days: number) => {
    const created = await page.request.post(`/api/children/${leo}/tasks`, {
      data: { name, category: 'appointment', scheduledDate: dateInZone(days), appointmentDetails: { type: 'doctor', startTime: '10:00', endTime: '11:00', location: 'Riverside Clinic' } },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
  };
  const main = page.getByRole('main');
  const card = main.locator('.calendar-card').filter({ has: page.getByRole('heading', { name: 'Google Calendar', exact: true }) });
  const googleEvents = async () => ((await (await page.request.get(`${GOOGLE_FAKE}/_state`)).json()) as { events: { summary: string }[] }).events.map((event) => event.summary);

  // Made before connecting: nothing queues a sync for it, so it reaches Google by the Sync button.
  await appointment('Eye exam', 2);
  await page.goto('/settings?tab=calendar');
  await expect(card.getByRole('button', { name: 'Sync Calendar' })).toBeDisabled();
  await expectAccessibleOnPhoneAndDesktop(page);
  await card.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await answerConsent(page, 'Allow');

  await page.waitForURL((url) => url.href === `${baseURL}/settings?tab=calendar`);
  await expectToast(page, GOOGLE_CONNECT_OUTCOMES.connected.title);
  await expect(card.getByText(/^Connected\./)).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page);
  expect(await googleEvents()).not.toContain('Leo Silva: Eye exam');
  await card.getByRole('button', { name: 'Sync Calendar' }).click();
  await expectToast(page, 'Calendar Synced');
  await expectToast(page, 'Your Google Calendar events have been synchronized.');
  expect(await googleEvents()).toContain('Leo Silva: Eye exam');
  await expectAccessibleOnPhoneAndDesktop(page);

  // A new appointment reaches Google by itself (the worker's background sync).
  await appointment('Physio', 1);
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
