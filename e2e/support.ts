import { readFileSync } from 'node:fs';
import type { AxeResults } from 'axe-core';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

let counter = 0;

/** An email address no other test (or earlier run) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now()}.${process.pid}.${counter}@example.test`;
}

/** Registers through the API (its own cookie jar, so the page stays signed out). */
export async function registerThroughApi(
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; firstName: string; lastName: string; password?: string },
): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: { password: PASSWORD, ...account },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** On the email sign-in form: types the email and the password and presses Sign In. */
export async function submitSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Where the outcome toasts show (shared/ui/toast-host.tsx): the region named "Messages". */
export const toasts = (page: Page): Locator => page.getByRole('region', { name: 'Messages' });

/** The outcome toast with this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toasts(page).getByText(text, { exact: true })).toBeVisible();
}

/** axe-core's browser build, read once per worker and evaluated once per document (not per check). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Axe finds nothing serious or critical on the page, or inside `include` (a CSS selector), once the
 * page's transitions have ended: a colour mid-fade (antd fades tags and buttons in) is not what a
 * reader sees at rest. Every axe rule runs; the app has no
 * frames, so axe runs in the page itself and reports only what failed.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const { axe } = window as unknown as { axe: { run: (context: unknown, options: object) => Promise<AxeResults> } };
    return (await axe.run(context ?? document, { resultTypes: ['violations'], iframes: false })).violations;
  }, include);
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** The two screens every flow is checked on: a small Android phone (the config's default) and a desktop. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Axe on what is open now (the page, or inside `include`) at the phone's width and at the desktop's,
 * then back to the width the test was using: one pass of a flow checks every page and dialog it
 * opens on both screens, instead of walking the whole flow once per width. `prepare` runs after each
 * resize (e.g. moving the mouse away, so no hover colour is judged).
 */
export async function expectAccessibleOnPhoneAndDesktop(page: Page, include?: string, prepare?: () => Promise<void>): Promise<void> {
  const start = page.viewportSize() ?? PHONE;
  const sizes = [start, start.width > PHONE.width ? PHONE : DESKTOP];
  for (const [index, size] of sizes.entries()) {
    if (index > 0) await page.setViewportSize(size);
    await prepare?.();
    await expectNoSeriousA11yViolations(page, include);
  }
  await page.setViewportSize(start);
}

/** GET through the page's own session: 200 and its JSON. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/**
 * Collects every Content-Security-Policy violation of the pages in `context` into `into`: the
 * `securitypolicyviolation` events (reported through a binding, which the CSP cannot block) and the
 * console messages Chromium writes for them.
 */
export async function collectCspViolations(context: BrowserContext, into: string[]): Promise<void> {
  await context.exposeBinding('reportCspViolation', ({ page }, text: string) => void into.push(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) into.push(`${message.page()?.url()}: ${message.text()}`);
  });
}

/**
 * Playwright's `test`, failing any test during which a page reported a CSP violation (docs/security.md,
 * Headers) or React could not hydrate a server-rendered page as it was sent. The test's own context is
 * watched; `watchCsp` adds a context the test opens itself (for CSP violations).
 */
export const test = base.extend<{ watchCsp: (context: BrowserContext) => Promise<void>; watchHydration: void }>({
  watchCsp: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (watched: BrowserContext) => collectCspViolations(watched, violations);
      await watch(context);
      await use(watch);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // A server-rendered Today (docs/performance.md) that the app could not take over as it was: React
  // reports the mismatch (production builds: minified errors 418, 423, 425) and renders it again.
  watchHydration: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const hydration = /Minified React error #4(18|19|21|22|23|25)\b|hydrat/i;
      context.on('console', (message) => {
        if (message.type() === 'error' && hydration.test(message.text())) errors.push(`${message.page()?.url()}: ${message.text()}`);
      });
      context.on('weberror', (error) => {
        if (hydration.test(error.error().message)) errors.push(`${error.page()?.url()}: ${error.error().message}`);
      });
      await use();
      expect(errors, 'hydration errors').toEqual([]);
    },
    { auto: true },
  ],
});
