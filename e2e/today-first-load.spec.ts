import { expect, type Page } from '@playwright/test';
import { DESKTOP, PHONE, test } from './support';
import { addChild, addTasks, expectAccessibleOnPhoneAndDesktop, expectNoSeriousA11yViolations, giveNowIfEarly, signUp, todayInZone } from './today-support';

// docs/performance.md, "Front end on a phone". A signed-in caregiver's `/` comes with Today in its
// HTML (backend server-rendered-home.ts, frontend src/server/render-home.tsx), which the app takes
// over (every spec fails on a hydration error). index.html's boot script (frontend/home-prefetch.js,
// allowed by its hash in the CSP; every spec fails on a violation) starts the code of the screen `/`
// will show while the page is parsed, and, when the server did not render Today (a link to a day),
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

/** Rosa, with Ben and then Maya (shown first: the last of the list), and Maya's morning medication. */
async function rosasFamily(page: Page, baseURL: string) {
  await signUp(page, baseURL, 'Rosa', 'Lima');
  await addChild(page, baseURL, 'Ben', 'Lima');
  const maya = await addChild(page, baseURL, 'Maya', 'Lima');
  await addTasks(page, baseURL, maya.id, { name: 'Morning medication', category: 'medication', scheduledTime: '08:00' });
  return maya;
}

/** The Care Updates card (and antd with it) is asked for after the day's progress and medications are answered. */
async function expectCareUpdatesAfterTheDay(page: Page, order: string[], childId: string, label: string) {
  await expect(page.getByRole('heading', { name: 'Care Updates' })).toBeVisible();
  const card = order.findIndex((event) => /^asked \/assets\/care-updates-card-.*\.js$/.test(event));
  expect(card, `${label}: the card's code was asked`).toBeGreaterThanOrEqual(0);
  for (const read of [`/api/progress`, `/api/children/${childId}/medications`]) {
    const answered = order.indexOf(`answered ${read}`);
    expect(answered, `${label}: ${read} answered before the card's code is asked`).toBeGreaterThanOrEqual(0);
    expect(answered, `${label}: ${read} answered before the card's code is asked`).toBeLessThan(card);
  }
}

/** Holds every code file the page asks until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

function requestOrder(page: Page): string[] {
  const order: string[] = [];
  page.on('request', (request) => order.push(`asked ${new URL(request.url()).pathname}`));
  page.on('requestfinished', (request) => order.push(`answered ${new URL(request.url()).pathname}`));
  return order;
}

test('Today comes in the page itself and the app takes it over without reading it again, on a phone and on a desktop', async ({ page, baseURL }) => {
  const maya = await rosasFamily(page, baseURL!);

  // Without any of the app's code, the page shows Maya's day.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Today's Tasks" })).toBeVisible();
  await expect(page.getByRole('combobox')).toHaveValue(maya.id);
  await expect(page.getByText('Morning medication').first()).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page);
  await page.unrouteAll();

  // The app takes the page over on each screen: the first visit on a phone, the reload on a desktop.
  for (const [load, size] of [['first visit', PHONE], ['reload', DESKTOP]] as const) {
    await page.setViewportSize(size);
    const asked = apiReads(page);
    const order = requestOrder(page);
    await (load === 'reload' ? page.reload() : page.goto('/'));
    await expectCareUpdatesAfterTheDay(page, order, maya.id, load);
    // The page came with them; the app reads each once more once it has taken the page over, to be current.
    for (const read of ['/api/auth/user', '/api/children', `/api/tasks?childId=${maya.id}&date=${todayInZone()}`]) expect(asked.filter((path) => path === read), `${load}: ${read}`).toHaveLength(1);
    expect(await started(page), `${load}: the boot script started no read`).toBeNull();
    expect(await preloadedEarly(page, 'today'), `${load}: Today's code preloaded by the page`).toBe(true);
    page.removeAllListeners('request');
    page.removeAllListeners('requestfinished');
  }
  // The app has taken the page over: a tick is sent and kept.
  const tick = page.getByRole('checkbox', { name: /^Complete Morning medication/ });
  await tick.click();
  await giveNowIfEarly(page, '08:00');
  await expect(tick).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Complete Morning medication/ })).toBeChecked();
  await expectAccessibleOnPhoneAndDesktop(page);
});

test('a tick made before the app has taken the page over is not shown unsaved, and counts once it has (phone); a recipient chosen meanwhile stays (desktop)', async ({ page, baseURL }) => {
  const maya = await rosasFamily(page, baseURL!);
  const completions: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/complete')) completions.push(request.url());
  });
  // The app's code is held back until the caregiver has tapped, as on a slow phone.
  let release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  const tick = page.getByRole('checkbox', { name: 'Complete Morning medication' });
  // Twice, as a tired caregiver does when nothing seems to happen, the second time on the box's
  // label around it: one tick.
  await tick.click();
  await page.getByRole('listitem', { name: /Morning medication/ }).locator('label').dispatchEvent('click');
  await expect(tick, 'no tick on screen that nothing saves').not.toBeChecked();
  await expect(tick, 'but the tap shows it was taken').toHaveClass(/\bcc-held\b/);
  release();
  // Once the app is in, the held tick is given again: more than an hour before 8 AM, the early-dose question comes first.
  await giveNowIfEarly(page, '08:00');
  await expect(tick).toBeChecked();
  await expect(tick).not.toHaveClass(/\bcc-held\b/);
  await expect(page.getByRole('listitem', { name: 'Morning medication' })).toContainText(/Completed at .* by Rosa Lima/);
  expect(completions).toHaveLength(1);
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Complete Morning medication' })).toBeChecked();

  // A recipient chosen meanwhile is the one shown once the app is in, on a desktop.
  await page.setViewportSize(DESKTOP);
  release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  const recipient = page.getByRole('combobox', { name: 'Care recipient' });
  await expect(recipient).toHaveValue(maya.id);
  await recipient.selectOption({ label: 'Ben Lima' });
  release();
  await expect(page.getByText('Morning medication')).toHaveCount(0);
  expect(await recipient.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Ben Lima');
  await expectAccessibleOnPhoneAndDesktop(page);
});

test('a link to a day is not rendered by the server: the boot script starts its first reads, which the app takes once each', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const maya = await rosasFamily(page, baseURL!);
  const firstReads = ['/api/auth/user', '/api/children', `/api/tasks?childId=${maya.id}&date=${todayInZone()}`];
  const asked = apiReads(page);
  const order = requestOrder(page);
  await page.goto(`/?child=${maya.id}`);
  await expect(page.getByText('Morning medication').first()).toBeVisible();
  // Asked by the boot script, taken by the app: had the app not used them, each would be asked twice by now.
  for (const read of firstReads) expect(asked.filter((path) => path === read), read).toHaveLength(1);
  expect(await started(page), 'every started read was taken').toEqual([]);
  expect(await preloadedEarly(page, 'today')).toBe(true);
  await expectCareUpdatesAfterTheDay(page, order, maya.id, 'link');
  await expectNoSeriousA11yViolations(page);
});

test('Today in the page is the signed-in caregiver\'s own, kept by no cache, and its names stay text', async ({ page, browser, baseURL }) => {
  await signUp(page, baseURL!, 'Ines', 'Costa');
  // A name that tries to end the page's script element, and one with replacement patterns.
  const hostile = await addChild(page, baseURL!, '</script><script>alert(1)</script>', "$& $' $`");
  await addTasks(page, baseURL!, hostile.id, { name: 'Evening <b>insulin</b>', category: 'medication', scheduledTime: '20:00' });
  const mine = await page.request.get('/', { headers: { Accept: 'text/html' } });
  expect(mine.headers()['cache-control']).toBe('private, no-store');
  const html = await mine.text();
  expect(html).toContain('id="cc-server-render"');
  expect(html).not.toContain('<script>alert(1)');
  await page.goto('/');
  await expect(page.getByText("</script><script>alert(1)</script> $& $' $`")).toBeVisible();
  await expect(page.getByText('Evening <b>insulin</b>').first()).toBeVisible();

  // Another family's page holds only their own day.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signUp(otherPage, baseURL!, 'Omar', 'Haddad');
  await addChild(otherPage, baseURL!, 'Sami', 'Haddad');
  const theirs = await (await otherPage.request.get('/', { headers: { Accept: 'text/html' } })).text();
  expect(theirs).toContain('Sami Haddad');
  expect(theirs).not.toContain('Evening');
  expect(theirs).not.toContain(hostile.id);
  await other.close();

  // Signed out (or a forged hint): the plain page, with no one's data.
  const anonymous = await browser.newContext({ baseURL });
  await anonymous.addCookies([{ name: 'cc.signed-in', value: '1', url: baseURL! }]);
  const plain = await (await anonymous.request.get('/', { headers: { Accept: 'text/html' } })).text();
  expect(plain).not.toContain('cc-server-render');
  expect(plain).toContain('<div id="root"></div>');
  await anonymous.close();
});

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
