import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { AppNotification, CareUpdatePage, Page as ApiPage } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, test } from './support';
import { addChild, grantAccess, signUp } from './today-support';

// Care updates on Today (issue 11): the primary caregiver posts an important update; a view-only
// secondary caregiver sees it on their own Today without reloading, has an in-app notification,
// posts their own but cannot change hers (no control, and the API says 403); each author edits
// (the history shows both versions) and removes their own. Maria is on a phone, Jose on a desktop; each
// screen and dialog is checked with axe on the phone and, resized, on a desktop.

const MARIA_TEXT = 'Sam had a short seizure at 2:15 pm (40 seconds). He is resting now.';
const JOSE_TEXT = 'I can take Sam to therapy on Thursday.';
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A second caregiver's own browser (own cookies) at `viewport`, watched for CSP violations. */
async function secondBrowser(browser: Browser, baseURL: string, viewport: { width: number; height: number }, watchCsp: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, timezoneId: 'America/New_York', locale: 'en-US', reducedMotion: 'reduce' });
  await watchCsp(context);
  return context.newPage();
}

const card = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Care Updates' });
const updateWith = (page: Page, text: string | RegExp): Locator => card(page).getByRole('listitem').filter({ hasText: text });

async function postUpdate(page: Page, text: string, important: boolean, photo = false): Promise<void> {
  await card(page).getByRole('textbox', { name: 'Post an update' }).fill(text);
  if (important) await card(page).getByRole('checkbox', { name: 'Important (notify everyone)' }).check();
  if (photo) {
    await card(page).getByLabel('Add a photo (optional)').setInputFiles({ name: 'sam.png', mimeType: 'image/png', buffer: PNG });
    await expect(card(page).getByRole('img', { name: 'Photo to post' })).toHaveAttribute('src', /^\/api\/uploads\/.+\.png$/);
  }
  await card(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expectToast(page, 'Update posted');
  await expect(card(page).getByRole('textbox', { name: 'Post an update' })).toHaveValue('');
}

test('an important update reaches the other caregiver; a view-only caregiver posts but cannot change it; authors edit and remove their own', async ({
  page: maria,
  browser,
  baseURL,
  watchCsp,
}) => {
  test.setTimeout(180_000); // two browsers, four dialogs and axe several times at two widths on a loaded machine
  const mariaUser = await signUp(maria, baseURL!, 'Maria', 'Rivera');
  const child = await addChild(maria, baseURL!, 'Sam', 'Rivera');
  const jose = await secondBrowser(browser, baseURL!, DESKTOP, watchCsp);
  const joseUser = await signUp(jose, baseURL!, 'Jose', 'Rivera');
  grantAccess(child.id, mariaUser.id, joseUser.id, { readOnly: true });

  const live = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200);
  const joseLive = live(jose);
  await Promise.all([maria.goto('/'), jose.goto('/')]);
  await joseLive;
  for (const page of [maria, jose]) {
    await expect(card(page).getByText('No updates yet. Share how Sam is doing.')).toBeVisible();
  }

  await test.step('Maria posts an important update with a photo on Today', async () => {
    await postUpdate(maria, MARIA_TEXT, true, true);
    const item = updateWith(maria, MARIA_TEXT);
    await expect(item).toContainText('Maria Rivera');
    await expect(item).toContainText('Important');
    await expect(item).toContainText('just now');
    await expect(item.getByRole('img', { name: 'Photo posted by Maria Rivera' })).toBeVisible();
    await expect(item.getByRole('button', { name: /^Edit the update from Maria Rivera/ })).toBeVisible();
    await expectAccessibleOnPhoneAndDesktop(maria, 'section.care-updates');
  });

  const [mariaUpdate] = (await getJson<CareUpdatePage>(maria, `/api/children/${child.id}/updates`)).items;

  await test.step('Jose sees it without reloading and has an in-app notification; he cannot change it', async () => {
    const item = updateWith(jose, MARIA_TEXT);
    await expect(item).toBeVisible();
    await expect(item).toContainText('Important');
    // The photo is served to him too (uploads are shown to the caregivers of the recipient they are posted about).
    const photo = item.getByRole('img', { name: 'Photo posted by Maria Rivera' });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const notifications = (await getJson<ApiPage<AppNotification>>(jose, '/api/notifications')).items;
    expect(notifications).toContainEqual(expect.objectContaining({ type: 'care_update', childId: child.id, title: 'Important update about Sam', message: MARIA_TEXT, isRead: false }));
    expect((await getJson<ApiPage<AppNotification>>(maria, '/api/notifications')).items.filter((n) => n.type === 'care_update')).toEqual([]);
    await expect(item.getByRole('button', { name: /^(Edit|Remove) the update/ })).toHaveCount(0);
    const refused = await jose.request.put(`/api/updates/${mariaUpdate.id}`, { data: { text: 'Changed by Jose' }, headers: { Origin: baseURL! } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'CARE_UPDATES.FORBIDDEN' });
    const notRemoved = await jose.request.delete(`/api/updates/${mariaUpdate.id}`, { headers: { Origin: baseURL! } });
    expect(notRemoved.status()).toBe(403);
    await expectAccessibleOnPhoneAndDesktop(jose, 'section.care-updates');
  });

  await test.step('Jose, who may only view, posts an update; Maria sees it; Jose edits his own', async () => {
    await postUpdate(jose, JOSE_TEXT, false);
    await expect(updateWith(maria, JOSE_TEXT)).toContainText('Jose Rivera');
    const own = updateWith(jose, JOSE_TEXT);
    await own.getByRole('button', { name: /^Edit the update from Jose Rivera/ }).click();
    const dialog = jose.getByRole('dialog', { name: 'Edit Update' });
    await dialog.getByRole('textbox', { name: 'Update' }).fill(`${JOSE_TEXT} I will bring his bag.`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(jose, 'Update saved');
    await expect(dialog).toBeHidden();
    await expect(updateWith(maria, 'I will bring his bag.')).toContainText('edited');
  });

  await test.step('Maria edits her update; its history shows both versions', async () => {
    await updateWith(maria, MARIA_TEXT).getByRole('button', { name: /^Edit the update from Maria Rivera/ }).click();
    const dialog = maria.getByRole('dialog', { name: 'Edit Update' });
    await expect(dialog.getByRole('checkbox', { name: 'Important (notify everyone)' })).toBeChecked();
    await expectAccessibleOnPhoneAndDesktop(maria, '.ant-modal');
    await dialog.getByRole('textbox', { name: 'Update' }).fill('Sam had a short seizure at 2:15 pm. Dr. Chen says no change to his meds.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(maria, 'Update saved');
    const item = updateWith(maria, 'Dr. Chen says no change');
    await item.getByRole('button', { name: /^Edited: show the history/ }).click();
    const history = maria.getByRole('dialog', { name: 'Update History' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText(MARIA_TEXT);
    await expect(history.getByRole('listitem').first()).toContainText('Posted by Maria Rivera');
    await expect(history.getByRole('listitem').last()).toContainText('Edited by Maria Rivera');
    await expectAccessibleOnPhoneAndDesktop(maria, '.ant-modal');
    await history.locator('.dialog-actions').getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();
    await expect(updateWith(jose, 'Dr. Chen says no change')).toBeVisible(); // live on Jose's screen too
  });

  await test.step('Maria removes her update; it leaves both screens and Jose’s notification goes', async () => {
    await updateWith(maria, 'Dr. Chen says no change').getByRole('button', { name: /^Remove the update from Maria Rivera/ }).click();
    const dialog = maria.getByRole('dialog', { name: 'Remove this update?' });
    await expect(dialog).toContainText('Its history is kept.');
    await expectAccessibleOnPhoneAndDesktop(maria, '.ant-modal');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectToast(maria, 'Update removed');
    await expect(updateWith(maria, 'Dr. Chen says no change')).toHaveCount(0);
    await expect(updateWith(jose, 'Dr. Chen says no change')).toHaveCount(0);
    await expect(updateWith(maria, JOSE_TEXT)).toBeVisible();
    expect((await getJson<ApiPage<AppNotification>>(jose, '/api/notifications')).items.filter((n) => n.type === 'care_update')).toEqual([]);
  });
  await jose.context().close();
});
