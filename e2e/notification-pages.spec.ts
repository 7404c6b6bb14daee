import { expect } from '@playwright/test';
import { PAGE_LIMITS, type AppNotification, type Page as ApiPage } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, getJson, test } from './support';
import { addChild, grantAccess, signUp } from './today-support';

// Issue 22, cursor pages: a caregiver with more notifications than one page sees the newest page in
// the notification centre and loads the older ones with "Load more", each once, in order. On a phone,
// checked with axe on the phone and, resized, on a desktop.

/** Important updates Jose posts (two recipients: at most 50 a day each): more than one page for Maria. */
const POSTS = PAGE_LIMITS.default + 5;

test('the notification centre shows a page and loads the next with Load more', async ({ page: maria, browser, baseURL, watchCsp }) => {
  test.setTimeout(180_000);
  const mariaUser = await signUp(maria, baseURL!, 'Maria', 'Rivera');
  const children = [await addChild(maria, baseURL!, 'Sam', 'Rivera'), await addChild(maria, baseURL!, 'Lea', 'Rivera')];
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await watchCsp(context);
  const jose = await context.newPage();
  const joseUser = await signUp(jose, baseURL!, 'Jose', 'Rivera');
  for (const child of children) grantAccess(child.id, mariaUser.id, joseUser.id);

  for (let i = 0; i < POSTS; i++) {
    const child = children[i % 2];
    const posted = await jose.request.post(`/api/children/${child.id}/updates`, { data: { text: `Update number ${i + 1}`, important: true }, headers: { Origin: baseURL! } });
    expect(posted.status(), await posted.text()).toBe(201);
  }
  await expect.poll(async () => (await getJson<ApiPage<AppNotification>>(maria, `/api/notifications?limit=${PAGE_LIMITS.max}`)).items.length, { timeout: 60_000 }).toBe(POSTS);

  await maria.goto('/notifications');
  const items = maria.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(PAGE_LIMITS.default);
  await expect(maria.getByRole('link', { name: `${POSTS} unread notifications` })).toBeVisible();
  await expect(items.first()).toContainText(`Update number ${POSTS}`);
  const more = maria.getByRole('button', { name: 'Load more' });
  await more.scrollIntoViewIfNeeded();
  await expectAccessibleOnPhoneAndDesktop(maria, 'main');
  await more.click();
  await expect(items).toHaveCount(POSTS);
  await expect(more).toHaveCount(0);
  const texts = await maria.getByRole('main').locator('.notification-item__message').allTextContents();
  expect(texts.map((text) => Number(/Update number (\d+)/.exec(text)?.[1]))).toEqual(Array.from({ length: POSTS }, (_, i) => POSTS - i));
  await expectAccessibleOnPhoneAndDesktop(maria, 'main');
  await context.close();
});
