import { expect, type Page } from '@playwright/test';
import { test } from './support';
import { addChild, addTasks, expectNoSeriousA11yViolations, signUp, todayInZone } from './today-support';

// docs/performance.md, "Front end on a phone": for a signed-in caregiver, index.html's boot script
// (frontend/today-prefetch.js, allowed by its hash in the CSP; every spec fails on a violation)
// starts Today's code and first reads while the page is parsed, and the app takes those answers
// rather than asking again. Anyone else's page starts nothing.

/** The API reads a page asks, as path and query. */
function apiReads(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  return asked;
}

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

test('a signed-out visitor and a signed-in page other than / start nothing early', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Care is a team effort/, level: 1 })).toBeVisible();
  expect(await started(page)).toBeNull();

  await signUp(page, baseURL!, 'Tomas', 'Berg');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect(await started(page)).toBeNull();
});
