import { expect, type Page } from '@playwright/test';
import { test } from './support';
import { addChild, addTasks, expectNoSeriousA11yViolations, signUp, todayInZone } from './today-support';

// docs/performance.md, "Front end on a phone": opening /, index.html's boot script
// (frontend/home-prefetch.js, allowed by its hash in the CSP; every spec fails on a violation)
// starts the code of the screen it will show while the page is parsed, and for a signed-in caregiver
// Today's first reads, whose answers the app takes rather than asking again.

/** The API reads a page asks, as path and query. */
function apiReads(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  return asked;
}

/** Whether the boot script preloaded a chunk whose name starts with `chunk` (its links come before the app's module script). */
const preloadedEarly = (page: Page, chunk: string) =>
  page.locator(`link[rel="modulepreload"][href^="/assets/${chunk}-"] ~ script[type="module"]`).count().then((count) => count > 0);

const started = (page: Page) =>
  page.evaluate(() => {
    const prefetched = (window as unknown as { __ccPrefetched?: { reads: Record<string, unknown> } }).__ccPrefetched;
    return prefetched ? Object.keys(prefetched.reads) : null;
  });

for (const { label, viewport } of [
  { label: 'phone', viewport: { width: 360, height: 740 } },
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
]) {
  test(`on a ${label}, Today's user, recipients and day start with the page and are asked once; Care Updates' code comes after the day's reads`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    await signUp(page, baseURL!, 'Rosa', 'Lima');
    await addChild(page, baseURL!, 'Ben', 'Lima');
    // Today shows the last recipient first: the boot script asks for her day.
    const maya = await addChild(page, baseURL!, 'Maya', 'Lima');
    await addTasks(page, baseURL!, maya.id, { name: 'Morning medication', category: 'medication', scheduledTime: '08:00' });
    const firstReads = ['/api/auth/user', '/api/children', `/api/tasks?childId=${maya.id}&date=${todayInZone()}`];

    for (const load of ['first visit', 'reload']) {
      const asked = apiReads(page);
      const order: string[] = [];
      page.on('request', (request) => order.push(`asked ${new URL(request.url()).pathname}`));
      page.on('requestfinished', (request) => order.push(`answered ${new URL(request.url()).pathname}`));
      await (load === 'reload' ? page.reload() : page.goto('/'));
      await expect(page.getByText('Morning medication').first()).toBeVisible();
      // Asked by the boot script, taken by the app: had the app not used them, each would be asked twice by now.
      for (const read of firstReads) expect(asked.filter((path) => path === read), `${load}: ${read}`).toHaveLength(1);
      expect(await started(page), `${load}: every started read was taken`).toEqual([]);
      expect(await preloadedEarly(page, 'today'), `${load}: Today's code preloaded by the page`).toBe(true);
      // The Care Updates card (and antd with it) is asked for after the day's progress and medications are answered.
      await expect(page.getByRole('heading', { name: 'Care Updates' })).toBeVisible();
      const card = order.findIndex((event) => /^asked \/assets\/care-updates-card-.*\.js$/.test(event));
      expect(card, `${load}: the card's code was asked`).toBeGreaterThanOrEqual(0);
      for (const read of [`/api/progress`, `/api/children/${maya.id}/medications`]) {
        const answered = order.indexOf(`answered ${read}`);
        expect(answered, `${load}: ${read} answered before the card's code is asked`).toBeGreaterThanOrEqual(0);
        expect(answered, `${load}: ${read} answered before the card's code is asked`).toBeLessThan(card);
      }
      page.removeAllListeners('request');
      page.removeAllListeners('requestfinished');
    }
    await expectNoSeriousA11yViolations(page);
  });
}

test('a signed-out visitor on / starts the landing page\'s code early and no read; a signed-in page other than / starts nothing', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Care is a team effort/, level: 1 })).toBeVisible();
  expect(await started(page)).toBeNull();
  // The landing page's code, not Today's, starts with the page.
  expect(await preloadedEarly(page, 'public')).toBe(true);
  expect(await preloadedEarly(page, 'today')).toBe(false);

  await signUp(page, baseURL!, 'Tomas', 'Berg');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect(await started(page)).toBeNull();
});
