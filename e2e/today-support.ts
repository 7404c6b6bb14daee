import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Child, Task, TaskInput, User } from '@carecircle/libs';
import { isEarlyCompletion } from '../libs/src/scheduling/completion-timing';
import { localDateTimeToInstant } from '../libs/src/scheduling/local-time';
import { registerThroughApi, uniqueEmail } from './support';

export { expectAccessibleOnPhoneAndDesktop, expectNoSeriousA11yViolations } from './support';

// Helpers of the Today browser tests: test data goes in through the API of the signed-in page.

/** The browser's time zone, which the tests' care teams take too. */
export const ZONE = 'America/New_York';

/** Registers a caregiver through `page`'s own cookie jar (so the page is signed in) in the browser's zone. */
export async function signUp(page: Page, baseURL: string, firstName: string, lastName: string): Promise<User> {
  await registerThroughApi(page.request, baseURL, { email: uniqueEmail(firstName.toLowerCase()), firstName, lastName });
  // The care team's zone is the primary caregiver's: set it before any task exists.
  await send(page.request, baseURL, 'PATCH', '/api/user/timezone', { timezone: ZONE });
  const user = await page.request.get('/api/auth/user');
  expect(user.status()).toBe(200);
  return (await user.json()) as User;
}

export async function addChild(page: Page, baseURL: string, firstName: string, lastName: string): Promise<Child> {
  return (await send(page.request, baseURL, 'POST', '/api/children', { firstName, lastName })) as Child;
}

/** POST /api/children/{id}/tasks (one task per time). */
export async function addTasks(page: Page, baseURL: string, childId: string, input: TaskInput): Promise<Task[]> {
  return (await send(page.request, baseURL, 'POST', `/api/children/${childId}/tasks`, input)) as Task[];
}

async function send(request: APIRequestContext, baseURL: string, method: string, path: string, data: unknown): Promise<unknown> {
  const response = await request.fetch(path, { method, data, headers: { Origin: baseURL } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/**
 * Shares a recipient with a second caregiver through the back end's CLI, on the test server's
 * database (invitations do not exist yet); with edit rights unless `readOnly`.
 */
export function grantAccess(childId: string, ownerId: string, userId: string, options: { readOnly?: boolean } = {}): void {
  execFileSync(
    'node',
    [
      resolve(__dirname, '../backend/dist/cli/grant-access.js'),
      ...['--child', childId, '--owner', ownerId, '--user', userId],
      ...(options.readOnly ? ['--read-only'] : []),
    ],
    {
      stdio: 'pipe',
      env: {
        ...process.env,
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        REDIS_URL: process.env.E2E_REDIS_URL,
        QUEUE_PREFIX: process.env.E2E_QUEUE_PREFIX,
        LOG_LEVEL: 'warn',
      },
    },
  );
}

/** Today's date in the browser's zone, yyyy-mm-dd. */
export function todayInZone(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** yyyy-mm-dd in the browser's (and the care team's) zone, `days` after today. */
export function dateInZone(days = 0): string {
  const [y, m, d] = todayInZone().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * After ticking a medication: one due more than an hour from now first asks "Due at 8:00 AM. Give it
 * now?" (issue 21), answered Give now here; otherwise nothing is asked. `due` is the task's instant,
 * or HH:MM today in the browser's zone. The same libs rule as the app's decides.
 */
export async function giveNowIfEarly(page: Page, due: string): Promise<void> {
  const instant = /^\d{2}:\d{2}$/.test(due) ? localDateTimeToInstant(todayInZone(), due, ZONE) : due;
  if (!isEarlyCompletion(instant, new Date())) return;
  const question = page.getByRole('dialog', { name: /Give it now\?$/ });
  await question.getByRole('button', { name: 'Give now' }).click();
  await expect(question).toBeHidden();
}
