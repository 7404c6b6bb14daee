import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { makeBrowserKeys, startPushReceiver, type PushReceiver } from '../backend/src/test-support/push-receiver';
import { DESKTOP, expectToast, PASSWORD, test } from './support';
import { expectAccessibleOnPhoneAndDesktop, signUp } from './today-support';

// This spec is about the offline service worker (or needs it): allowed here, blocked in most specs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Web push from Settings > Account (spec document 3, Push notification card). Headless Chromium
 * cannot reach a real push service, so the one thing replaced here is the BROWSER's push service:
 * an init script makes PushManager.subscribe/getSubscription answer a subscription whose endpoint is
 * this test's local HTTPS receiver, with keys the test holds. Everything else is real: the service
 * worker at /sw.js, the permission, the server's VAPID key, POST /api/notifications/subscribe, and
 * the server's real `web-push` send, which the receiver decrypts (http_ece) to check the message.
 * Walked on a phone (the first test ends on a desktop); each state of the card is checked with axe on
 * the phone and on a desktop.
 */
let receiver: PushReceiver;

test.beforeAll(async () => {
  const certFile = process.env.E2E_PUSH_CERT_FILE!;
  receiver = await startPushReceiver({ certFile, keyFile: join(dirname(certFile), 'push-receiver.key') });
});
test.afterAll(() => receiver.close());

/** Stands in for the browser's push service: subscriptions live in localStorage, as the browser would keep them. */
async function replaceBrowserPushService(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.addInitScript((fake) => {
    const KEY = 'e2e-push-subscription';
    const make = (serverKey: string) => ({
      endpoint: fake.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(serverKey), (c) => c.charCodeAt(0)).buffer },
      toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: fake.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      const stored = btoa(String.fromCharCode(...key));
      localStorage.setItem(KEY, stored);
      return make(stored) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(KEY);
      return (stored ? make(stored) : null) as unknown as PushSubscription;
    };
  }, subscription);
}

/** What the test uses of a service worker's global scope (the e2e project has no WebWorker types). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  PushEvent: new (type: 'push', init: { data: string }) => Event;
  NotificationEvent: new (type: 'notificationclick', init: { notification: Notification }) => Event;
}

/** The push card, named by its state's title (the preferences section beside it is "Notifications"). */
const card = (page: Page) => page.getByRole('region', { name: /^(Not Supported|Notifications Blocked|Enable Notifications|Notifications Enabled)/ });

test('enable push, send the test notification (decrypted by the receiver), disable', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const browser = makeBrowserKeys();
  const path = `/e2e-${randomUUID()}`;
  await replaceBrowserPushService(page, { endpoint: receiver.endpoint(path, browser), keys: browser.keys });
  await signUp(page, baseURL!, 'Nora', 'Push');

  await page.goto('/settings?tab=account');
  await expect(page.getByRole('heading', { name: 'Security & Authentication' })).toBeVisible();
  await expect(card(page).getByRole('heading', { name: 'Enable Notifications' })).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page);
  await card(page).getByRole('button', { name: 'Enable' }).click();
  await expectToast(page, 'Notifications Enabled');
  await expect(card(page).getByRole('heading', { name: /Notifications Enabled/ })).toBeVisible();
  await expect(card(page).getByText('Active', { exact: true })).toBeVisible();
  await expect(card(page).getByRole('listitem')).toHaveText([
    'Overdue task alerts with photo thumbnails',
    'Medication reminders 15 minutes before the scheduled time',
    'Achievement notifications when goals are reached',
    'Emergency escalation to secondary caregivers',
  ]);
  // /sw.js is asked again each time (no stale worker after a release); the CSP lets it run (the test fails on any violation).
  const script = await page.request.get('/sw.js');
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(await script.text()).toContain("addEventListener('push'");
  // The real service worker took the registration.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toBe(`${baseURL}/sw.js`);
  await expectAccessibleOnPhoneAndDesktop(page);

  await card(page).getByRole('button', { name: 'Test' }).click();
  await expectToast(page, 'Test Notification Sent');
  const push = await receiver.next(path);
  expect(push.message).toMatchObject({ title: 'Test Notification', url: '/settings?tab=account', image: '/notification-test.png' });
  const { publicKey } = await (await page.request.get('/api/notifications/vapid-key')).json();
  expect(push.vapid).toMatchObject({ aud: receiver.origin, publicKey });

  // Still enabled after a reload (the browser keeps its subscription); the page is now the worker's.
  // From here on a desktop.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(card(page).getByRole('heading', { name: /Notifications Enabled/ })).toBeVisible();

  // The service worker shows what the server really sent (the receiver's decrypted payload, handed
  // to the worker as the push service would), and a click on it takes the open window to its path.
  const [worker] = context.serviceWorkers().length > 0 ? context.serviceWorkers() : [await context.waitForEvent('serviceworker')];
  const shown = await worker.evaluate(async (message) => {
    const sw = self as unknown as WorkerScope;
    const event = new sw.PushEvent('push', { data: JSON.stringify(message) }) as Event & { waitUntil(done: Promise<unknown>): void };
    // The worker's promise (showNotification), so a failure shows here instead of vanishing.
    let shownPromise: Promise<unknown> = Promise.resolve();
    event.waitUntil = (done) => void (shownPromise = done);
    sw.dispatchEvent(event);
    await shownPromise;
    const [notification] = (await sw.registration.getNotifications({ tag: 'carecircle-test' })) as (Notification & { image: string })[];
    return notification ? { title: notification.title, body: notification.body, image: notification.image, icon: notification.icon, data: notification.data } : null;
  }, push.message);
  expect(shown).toEqual({
    title: 'Test Notification',
    body: push.message!.body,
    image: `${baseURL}/notification-test.png`,
    icon: `${baseURL}/notification-icon.png`,
    data: { url: `${baseURL}/settings?tab=account` },
  });
  await page.goto('/');
  await expect(page).not.toHaveURL(/settings/);
  await worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const [notification] = await sw.registration.getNotifications({ tag: 'carecircle-test' });
    const event = new sw.NotificationEvent('notificationclick', { notification }) as Event & { waitUntil(done: Promise<unknown>): void };
    let clicked: Promise<unknown> = Promise.resolve();
    event.waitUntil = (done) => void (clicked = done);
    sw.dispatchEvent(event);
    await clicked;
  });
  await expect(page).toHaveURL(/\/settings\?tab=account$/);
  await expect(card(page).getByRole('heading', { name: /Notifications Enabled/ })).toBeVisible();
  await card(page).getByRole('button', { name: 'Disable' }).click();
  await expectToast(page, 'Notifications Disabled');
  await expect(card(page).getByRole('button', { name: 'Enable' })).toBeVisible();
  // The server let the subscription go: nothing left to test with.
  expect((await page.request.post('/api/notifications/test-with-image', { headers: { Origin: baseURL! } })).status()).toBe(409);
});

test('Sign Out ends this device\'s push subscription: a shared phone gets no more of this caregiver\'s alerts', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const browser = makeBrowserKeys();
  await replaceBrowserPushService(page, { endpoint: receiver.endpoint(`/e2e-${randomUUID()}`, browser), keys: browser.keys });
  const user = await signUp(page, baseURL!, 'Sami', 'Shared');
  await page.goto('/settings?tab=account');
  await card(page).getByRole('button', { name: 'Enable' }).click();
  await expect(card(page).getByRole('heading', { name: /Notifications Enabled/ })).toBeVisible();

  await page.getByRole('link', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription()) ?? null)).toBeNull();
  // Signed in again (without enabling): the server has nothing to send to.
  const login = await page.request.post('/api/auth/login', { data: { email: user.email, password: PASSWORD }, headers: { Origin: baseURL! } });
  expect(login.ok()).toBe(true);
  expect((await page.request.post('/api/notifications/test-with-image', { headers: { Origin: baseURL! } })).status()).toBe(409);
});

test('permission denied: Notifications Blocked, how to allow them, no Enable or Disable', async ({ page, context, baseURL }) => {
  await signUp(page, baseURL!, 'Dina', 'Denied');
  await page.goto('/');
  // The browser's own setting, as a caregiver who pressed Block has it.
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: baseURL, browserContextId: targetInfo.browserContextId });
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  await page.goto('/settings?tab=account');
  await expect(card(page).getByRole('heading', { name: 'Notifications Blocked' })).toBeVisible();
  await expect(card(page)).toContainText('click the lock icon');
  await expect(card(page)).toContainText('select Allow for notifications, then refresh');
  await expect(card(page).getByRole('button')).toHaveCount(0);
  await expectAccessibleOnPhoneAndDesktop(page);
});
