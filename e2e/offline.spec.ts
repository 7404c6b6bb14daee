import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { User } from '@carecircle/libs';
import { DESKTOP, PASSWORD, PHONE, registerThroughApi, test, toasts, uniqueEmail } from './support';
import { addChild, addTasks, expectAccessibleOnPhoneAndDesktop, giveNowIfEarly, grantAccess, signUp, todayInZone } from './today-support';

// This spec is about the offline service worker (or needs it): allowed here, blocked in most specs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// docs/notifications.md, "Offline and install": the service worker keeps the signed-in shell and
// today's tasks for when there is no network; ticks made offline wait in IndexedDB ("Waiting to
// send") and are sent once, with their Idempotency-Key, when the network returns; a dose someone else
// gave meanwhile is told as "Already given by ... at ...". Chromium's offline mode (context.setOffline,
// Playwright 1.65, service workers allowed as by default) cuts the page and its service worker alike:
// the reload after Jose's changes proves it, the worker answering from its cache without them.
// Walked on a phone (one offline reload desktop-wide); the offline day is checked with axe on the phone
// and, resized, on a desktop.

test('Today loads offline, ticks wait to be sent, and go once when the network returns; a dose given meanwhile is told', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  // A long walk (four page loads, offline and online, and an axe run) on a shared 2-core machine.
  test.setTimeout(180_000);
  const maria = await signUp(page, baseURL!, 'Maria', 'Rivera');
  const child = await addChild(page, baseURL!, 'Sam', 'Rivera');
  const today = todayInZone();
  const add = async (name: string, time: string) =>
    (await addTasks(page, baseURL!, child.id, { name, category: 'medication', scheduledTimes: [time], scheduledDate: today }))[0];
  const keppra = await add('Give Keppra', '23:50');
  const vitamin = await add('Vitamin D', '23:55');
  const insulin = await add('Evening insulin', '23:58');
  const iron = await add('Iron drops', '23:59');

  // Jose, a second caregiver of Sam, on his own phone (here: his own API session).
  const jose = await playwright.request.newContext({ baseURL });
  await registerThroughApi(jose, baseURL!, { email: uniqueEmail('jose'), firstName: 'Jose', lastName: 'Rivera', password: PASSWORD });
  const joseUser = (await (await jose.get('/api/auth/user')).json()) as User;
  grantAccess(child.id, maria.id, joseUser.id);

  const main = page.getByRole('main');
  const card = (name: string) => main.getByRole('listitem', { name });
  const checkbox = (name: string) => main.getByRole('checkbox', { name: `Complete ${name}` });

  await test.step('online: Today loads and the service worker takes control', async () => {
    await page.goto('/');
    await expect(checkbox('Give Keppra')).not.toBeChecked();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
    // A visit under the worker keeps the shell's API answers for later. The day shows before the
    // app's own reads (the server renders it), so the test waits for the reads to be kept.
    await page.reload();
    await expect(checkbox('Give Keppra')).toBeVisible();
    await expect(main.getByText('Sam Rivera', { exact: true })).toBeVisible();
    await expect.poll(() => cachedApiPaths(page)).toEqual(expect.arrayContaining(['/api/auth/user', '/api/children', '/api/tasks']));
  });

  await test.step('offline, a reload still shows the signed-in shell and today’s tasks', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(main.getByText(/You are offline/)).toBeVisible();
    await expect(main.getByText('Sam Rivera', { exact: true })).toBeVisible();
    for (const name of ['Give Keppra', 'Vitamin D', 'Evening insulin', 'Iron drops']) await expect(checkbox(name)).not.toBeChecked();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' })).toBeVisible();
  });

  await test.step('ticks made offline show as completed and waiting to send', async () => {
    await checkbox('Give Keppra').click();
    await giveNowIfEarly(page, keppra.scheduledTime);
    await expect(checkbox('Give Keppra')).toBeChecked();
    await expect(card('Give Keppra')).toContainText('Waiting to send');
    await expect(toasts(page)).toContainText('It will be sent when you are back online.');
    await checkbox('Evening insulin').click();
    await giveNowIfEarly(page, insulin.scheduledTime);
    await expect(card('Evening insulin')).toContainText('Waiting to send');
    // A tick by mistake, taken back while still waiting: nothing of it is ever sent.
    await checkbox('Iron drops').click();
    await giveNowIfEarly(page, iron.scheduledTime);
    await expect(card('Iron drops')).toContainText('Waiting to send');
    await checkbox('Iron drops').click();
    await expect(checkbox('Iron drops')).not.toBeChecked();
    await expect(card('Iron drops')).not.toContainText('Waiting to send');
    await expect(main.getByText('2 waiting to send')).toBeVisible();
    await expectAccessibleOnPhoneAndDesktop(page);
  });

  await test.step('meanwhile Jose gives Vitamin D, and the insulin Maria already gave', async () => {
    await completeThroughApi(jose, baseURL!, vitamin.id);
    await completeThroughApi(jose, baseURL!, insulin.id);
  });

  await test.step('a reload while offline (the window now desktop-wide): the ticks still wait, and the day is the one last loaded', async () => {
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(main.getByText(/You are offline/)).toBeVisible();
    // The service worker had no network either: it answered from its cache, without Jose's changes.
    await expect(checkbox('Vitamin D')).not.toBeChecked();
    await expect(checkbox('Give Keppra')).toBeChecked();
    await expect(card('Give Keppra')).toContainText('Waiting to send');
    await expect(card('Evening insulin')).toContainText('Waiting to send');
    await expect(main.getByText('2 waiting to send')).toBeVisible();
    await page.setViewportSize(PHONE);
  });

  await test.step('back online: Keppra is sent once, the insulin is told as already given by Jose', async () => {
    const sent = page.waitForResponse((response) => response.url().endsWith(`/api/tasks/${keppra.id}/complete`));
    await context.setOffline(false);
    expect((await sent).status()).toBe(200);
    await expect(card('Give Keppra')).not.toContainText('Waiting to send');
    await expect(card('Give Keppra')).toContainText(/Completed at .* by Maria Rivera/);
    await expect(toasts(page)).toContainText(/Already given by Jose Rivera at \d{1,2}:\d{2} [AP]M/);
    await expect(checkbox('Evening insulin')).toBeChecked();
    await expect(card('Evening insulin')).toContainText(/Completed at .* by Jose Rivera/);
    await expect(card('Evening insulin')).not.toContainText('Waiting to send');
    await expect(main.getByText(/You are offline|waiting to send/)).toHaveCount(0);
    await page.reload();
    await expect(card('Vitamin D')).toContainText(/Completed at .* by Jose Rivera/);
    await expect(checkbox('Iron drops')).not.toBeChecked();

    expect(await completions(page, keppra.id)).toEqual([maria.id]);
    expect(await completions(page, insulin.id)).toEqual([joseUser.id]);
    expect(await completions(page, iron.id)).toEqual([]);
  });

  await test.step('online but the answer is lost: the tick waits, and its retry (same key) is answered by the replay', async () => {
    // The first request reaches the server and is recorded, but the browser sees a dropped
    // connection; so do the retries, until the connection is back.
    let connected = false;
    let forwarded = false;
    const keys: string[] = [];
    await page.route(`**/api/tasks/${iron.id}/complete`, async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (connected) return route.continue();
      if (!forwarded) {
        forwarded = true;
        await route.fetch();
      }
      await route.abort('internetdisconnected');
    });
    const answers: { status: number; replayed: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/api/tasks/${iron.id}/complete`)) answers.push({ status: response.status(), replayed: response.headers()['idempotent-replayed'] });
    });
    await checkbox('Iron drops').click();
    await giveNowIfEarly(page, iron.scheduledTime);
    await expect(card('Iron drops')).toContainText('Waiting to send');
    connected = true;
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect(card('Iron drops')).not.toContainText('Waiting to send', { timeout: 1000 });
    }).toPass();
    await expect(card('Iron drops')).toContainText(/Completed at .* by Maria Rivera/);
    expect(answers).toContainEqual({ status: 200, replayed: 'true' });
    expect(new Set(keys).size).toBe(1);
    expect(await completions(page, iron.id)).toEqual([maria.id]);
    await page.unroute(`**/api/tasks/${iron.id}/complete`);
  });

  await jose.dispose();
});

test('signing out empties the API cache: offline, the next visitor sees no one’s Today', async ({ page, context, baseURL }) => {
  await signUp(page, baseURL!, 'Ana', 'Lopez');
  await addChild(page, baseURL!, 'Leo', 'Lopez');
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.reload();
  await expect(page.getByRole('main').getByText('Leo Lopez', { exact: true })).toBeVisible();
  await expect.poll(() => cachedApiPaths(page)).toContain('/api/children');

  await page.goto('/settings?tab=account');
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => cachedApiPaths(page)).not.toContain('/api/children');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Leo Lopez', { exact: true })).toHaveCount(0);
  await context.setOffline(false);
});

/** The paths held in the service worker's API cache. */
function cachedApiPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('carecircle-api-v1'))) return [];
    const cache = await caches.open('carecircle-api-v1');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

async function completeThroughApi(request: APIRequestContext, baseURL: string, taskId: string): Promise<void> {
  const response = await request.put(`/api/tasks/${taskId}/complete`, { data: {}, headers: { Origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Who completed the task, one entry per TaskCompleted in its history. */
async function completions(page: Page, taskId: string): Promise<string[]> {
  const response = await page.request.get(`/api/tasks/${taskId}/history`);
  expect(response.status()).toBe(200);
  const history = ((await response.json()) as { items: { type: string; actorId: string | null }[] }).items;
  return history.filter((entry) => entry.type === 'TaskCompleted').map((entry) => entry.actorId ?? '');
}
