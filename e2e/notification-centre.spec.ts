import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { AppNotification, Page as ApiPage } from '@carecircle/libs';
import { expectAccessibleOnPhoneAndDesktop, expectNoSeriousA11yViolations, getJson, PHONE, test } from './support';
import { addChild, addTasks, grantAccess, signUp, todayInZone } from './today-support';

// Issue 12, the notification centre: another caregiver's important update and an urgent task gone
// overdue reach the primary caregiver's bell live; the centre lists them by day, marks read, marks
// all read, acknowledges the overdue alert, and opens the task on Today. A removed task says so.
// Walked on a phone; each screen and dialog is checked with axe on the phone and, resized, on a desktop.

const ZONE = 'America/New_York';

/** HH:MM a few minutes ago in the test zone (00:00 just after midnight): an urgent task already due. */
function minutesAgo(minutes: number): string {
  const now = new Date();
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(now.getTime() - minutes * 60_000));
  const current = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  return local > current ? '00:00' : local;
}

async function secondBrowser(browser: Browser, baseURL: string, viewport: { width: number; height: number }, watchCsp: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, timezoneId: ZONE, locale: 'en-US', reducedMotion: 'reduce' });
  await watchCsp(context);
  return context.newPage();
}

const bell = (page: Page, name: string | RegExp) => page.getByRole('link', { name });
const item = (page: Page, title: string | RegExp) => page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test('the bell counts new notifications live; the centre marks read, acknowledges, marks all read and opens the task', async ({ page: maria, browser, baseURL, watchCsp }) => {
  test.setTimeout(180_000); // two browsers and axe several times at two widths on a loaded machine
  const mariaUser = await signUp(maria, baseURL!, 'Maria', 'Rivera');
  const child = await addChild(maria, baseURL!, 'Sam', 'Rivera');
  const jose = await secondBrowser(browser, baseURL!, PHONE, watchCsp);
  const joseUser = await signUp(jose, baseURL!, 'Jose', 'Rivera');
  grantAccess(child.id, mariaUser.id, joseUser.id);

  await maria.goto('/');
  await expect(bell(maria, 'Notifications')).toBeVisible();
  // An urgent task already due (not a medication: no dose reminder): its overdue alert reaches Maria's bell without a reload.
  const [task] = await addTasks(maria, baseURL!, child.id, {
    name: 'Catheterization',
    category: 'catheterization',
    isUrgent: true,
    scheduledTimes: [minutesAgo(2)],
    scheduledDate: todayInZone(),
  });
  await expect(bell(maria, '1 unread notification')).toBeVisible({ timeout: 90_000 });
  // Then Jose's important update.
  const posted = await jose.request.post(`/api/children/${child.id}/updates`, {
    data: { text: 'Sam had a short seizure at school. He is resting now.', important: true },
    headers: { Origin: baseURL! },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await expect(bell(maria, '2 unread notifications')).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(maria, 'main');

  // The bell is on other signed-in screens too.
  await maria.goto('/settings');
  await expect(bell(maria, '2 unread notifications')).toBeVisible();
  await bell(maria, '2 unread notifications').click();
  await expect(maria).toHaveURL(/\/notifications$/);
  await expect(maria.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const today = maria.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('listitem')).toHaveCount(2);
  // Newest first: the update came after the overdue alert.
  await expect(today.getByRole('heading', { level: 3 }).first()).toContainText('Important update about Sam');
  await expectAccessibleOnPhoneAndDesktop(maria, 'main');

  const update = item(maria, /Important update about Sam/);
  await expect(update.getByText('Sam had a short seizure at school. He is resting now.')).toBeVisible();
  await expect(update.getByRole('link', { name: 'Open task' })).toHaveCount(0);
  await expect(update.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await update.getByRole('button', { name: 'Mark read' }).click();
  await expect(update.getByRole('button', { name: 'Mark read' })).toHaveCount(0);
  await expect(bell(maria, '1 unread notification')).toBeVisible();

  const overdue = item(maria, /Catheterization/);
  await maria.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(maria, 'Notifications')).toBeVisible();
  await expect(maria.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await expect(maria.getByRole('main').getByRole('button', { name: 'Mark read' })).toHaveCount(0);

  // Read is not acknowledged: the alert still asks for it.
  await overdue.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(overdue.getByText('Acknowledged')).toBeVisible();
  await expect(overdue.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  const alerts = (await getJson<ApiPage<AppNotification>>(maria, '/api/notifications')).items;
  expect(alerts.find((n) => n.taskId === task.id)?.acknowledgedAt).toEqual(expect.any(String));
  await expectAccessibleOnPhoneAndDesktop(maria, 'main');

  // The link opens the task on Today: its recipient, its day, its details.
  await overdue.getByRole('link', { name: 'Open task' }).click();
  const details = maria.getByRole('dialog', { name: 'Catheterization' });
  await expect(details).toBeVisible({ timeout: 20_000 }); // Today's code, its data and the dialog's code load first
  await expect(maria).toHaveURL(new RegExp(`/\\?child=${child.id}&date=${todayInZone()}&task=${task.id}$`));
  await expectAccessibleOnPhoneAndDesktop(maria, '.ant-modal');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();
  await expect(maria).toHaveURL(/\/$/);
});

test('an empty centre says so; a task that is gone says it is no longer available', async ({ page, baseURL }) => {
  await signUp(page, baseURL!, 'Nadia', 'Empty');
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'main');

  const child = await addChild(page, baseURL!, 'Leo', 'Empty');
  const [task] = await addTasks(page, baseURL!, child.id, { name: 'Inhaler', category: 'medication', scheduledTimes: ['08:00'], scheduledDate: todayInZone() });
  const removed = await page.request.delete(`/api/tasks/${task.id}`, { data: { reason: 'Added by mistake' }, headers: { Origin: baseURL! } });
  expect(removed.status(), await removed.text()).toBe(204);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('heading', { name: 'This task is no longer available' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main');
  await page.getByRole('link', { name: 'Go to Today' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/tasks/not-a-task');
  await expect(page.getByRole('heading', { name: 'This task is no longer available' })).toBeVisible();
});
