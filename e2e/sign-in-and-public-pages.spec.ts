import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, registerThroughApi, submitSignIn, test, uniqueEmail } from './support';
import { expectNoSeriousA11yViolations } from './today-support';

test('a wrong password shows the server message and stays on the sign-in page', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('wrong-password');
  await registerThroughApi(request, baseURL!, { email, firstName: 'Lee', lastName: 'Chen' });

  await page.goto('/login/email');
  await submitSignIn(page, email, `${PASSWORD} typo`);

  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/email$/);
  // No "logged out" toast for a failed sign-in.
  await expect(page.getByText('You are logged out. Logging in again...')).toHaveCount(0);
});

/** Five wrong passwords from one address, then the right one: the page shows the server's 429 message. */
async function signInUntilThrottled(page: Page, request: APIRequestContext, baseURL: string): Promise<void> {
  const email = uniqueEmail('throttled');
  await registerThroughApi(request, baseURL, { email, firstName: 'Noor', lastName: 'Haddad' });
  await page.goto('/login/email');
  await page.getByLabel('Email').fill(email);
  const attempt = async (password: string, status: number) => {
    await page.getByLabel('Password').fill(password);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login'),
      page.getByRole('button', { name: 'Sign In' }).click(),
    ]);
    expect(response.status()).toBe(status);
  };
  for (let i = 0; i < 5; i++) await attempt(`${PASSWORD} typo ${i}`, 401);
  await attempt(PASSWORD, 429);

  await expect(
    page.getByRole('alert').filter({ hasText: /^Too many sign-in attempts\. Please wait \d+ seconds and try again\.$/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\/email$/);
  await expectNoSeriousA11yViolations(page);
}

test('repeated wrong passwords: the page says how long to wait (phone)', async ({ page, request, baseURL }) => {
  await signInUntilThrottled(page, request, baseURL!);
});

test.describe('throttled sign-in on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('repeated wrong passwords: the page says how long to wait', async ({ page, request, baseURL }) => {
    await signInUntilThrottled(page, request, baseURL!);
  });
});

test('a signed-out deep link goes to sign-in and comes back after it, never to another site', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('deep-link');
  await registerThroughApi(request, baseURL!, { email, firstName: 'Ada', lastName: 'Moss' });

  await page.goto('/settings?tab=account');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings%3Ftab%3Daccount$/);
  await expect(page.getByText('Unauthorized')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/settings\?tab=account$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Another site is never a destination, whatever `next` says.
  await page.goto('/login/email?next=//evil.example/');
  await page.context().clearCookies();
  await page.reload();
  await submitSignIn(page, email);
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
});

test('an anonymous visitor finds the landing page at /', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Care is a team effort');
  await expect(page.getByRole('heading', { name: 'Free' })).toBeVisible();
  await expect(page.getByText('$19', { exact: true })).toBeVisible();
  await expect(page.getByText('$39', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByText('Best Value')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the legal pages linked from the footer and the sign-in page exist', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

// The browser tests' server has Google configured (a local stand-in, e2e/google.spec.ts); the button
// disabled with its reason on a server without GOOGLE_* is login-page.component.spec.tsx's.
test('/login offers only the sign-in methods that work: email, and Google (configured here)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeEnabled();
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeEnabled();
  await expect(page.getByText('Google sign-in is not available on this server yet.')).toHaveCount(0);
  for (const name of ['Continue with Replit', 'Continue with GitHub', 'Continue with Apple', 'Continue with X']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
});

test('when the session ends mid-task, the app says so and goes to /login', async ({ page, baseURL }) => {
  // page.request shares the page's cookies: this signs the page in.
  await registerThroughApi(page.request, baseURL!, {
    email: uniqueEmail('expired'),
    firstName: 'Ana',
    lastName: 'Silva',
  });
  const seen: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path === '/api/user/timezone' || path === '/api/auth/user') seen.push(`${response.request().method()} ${path}`);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to CareCircle!' })).toBeVisible();
  // Let the time-zone sync (PATCH, then a fresh GET of the user) finish before the session ends.
  await expect
    .poll(() => {
      const patched = seen.indexOf('PATCH /api/user/timezone');
      return patched >= 0 && seen.slice(patched + 1).includes('GET /api/auth/user');
    })
    .toBe(true);

  // The toast is on screen for 500 ms before the page leaves (spec): record every toast as it appears,
  // so a slow machine cannot miss it between two looks.
  const toasts: string[] = [];
  await page.exposeFunction('recordToast', (text: string) => void toasts.push(text));
  await page.evaluate(() => {
    const record = (window as unknown as { recordToast: (text: string) => void }).recordToast;
    new MutationObserver(() => document.querySelectorAll('section[aria-label="Messages"] [role]').forEach((n) => record(n.textContent ?? ''))).observe(
      document.body,
      { childList: true, subtree: true },
    );
  });

  // Mid-task: the onboarding wizard (opened by itself) is filled in up to Complete Setup...
  const wizard = page.getByRole('dialog', { name: 'Care Recipient Setup' });
  await wizard.getByLabel('First Name').fill('Leo');
  await wizard.getByLabel('Last Name').fill('Silva');
  await wizard.getByLabel('Date of Birth').fill('2018-02-01');
  for (let step = 1; step < 6; step++) await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
  const complete = page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Complete Setup' });
  await expect(complete).toBeEnabled();

  // ...when the session ends on the server (as after a time-out); the save then meets it.
  const ended = await page.request.post('/api/auth/logout', { headers: { Origin: baseURL! } });
  expect(ended.status()).toBe(204);
  await complete.click();

  await expect(page).toHaveURL(/\/login$/);
  expect(toasts.some((text) => text.startsWith('Unauthorized') && text.includes('You are logged out. Logging in again...'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
});

test('a first-time visitor is not asked about a session: no request for the user, nothing in the console', async ({ page, request, baseURL }) => {
  const asked: string[] = [];
  const logged: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/auth/user' && asked.push(r.url()));
  page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
  for (const path of ['/', '/login', '/features', '/pricing', '/about', '/contact', '/privacy', '/terms', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  expect(asked).toEqual([]);
  expect(logged).toEqual([]);

  // Signed in (the server sets its readable hint beside the session cookie), the app asks and shows Today.
  const email = uniqueEmail('hinted');
  await registerThroughApi(request, baseURL!, { email, firstName: 'Ida', lastName: 'Berg' });
  await page.goto('/login/email');
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  expect((await page.context().cookies()).find((c) => c.name === 'cc.signed-in')).toMatchObject({ value: '1', httpOnly: false });
  await page.reload();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: /Add Task|Add your first/ }).or(page.getByRole('dialog')).first()).toBeVisible();
});
