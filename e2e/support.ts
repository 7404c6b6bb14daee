import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

/** The outcome toast (antd notification) with this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.ant-notification').getByText(text, { exact: true })).toBeVisible();
}

/** Axe finds nothing serious or critical inside `include` (a CSS selector). */
export async function expectNoSeriousA11yViolations(page: Page, include: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** GET through the page's own session: 200 and its JSON. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}
