import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, PHONE, registerThroughApi, test, uniqueEmail } from './support';

// Settings > Account > Data & Privacy, clicked through the way a caregiver would (issue 24): Export
// My Data downloads a JSON file of what they see; Privacy Settings shows who sees each recipient;
// the adherence report shows, prints and downloads per-medication counts, and a bad range is refused.

test.describe.configure({ mode: 'parallel' });

const post = async (request: APIRequestContext, baseURL: string, path: string, data: object) => {
  const response = await request.post(path, { data, headers: { Origin: baseURL } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
};

/**
 * Olivia with Maya, one medication and two doses on 2026-11-02 (one given weeks late, one removed
 * with a reason), and Vera, with whom Maya is shared to view. The page is signed in as Olivia.
 */
async function family(page: Page, baseURL: string, playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } }) {
  await registerThroughApi(page.request, baseURL, { email: uniqueEmail('olivia'), firstName: 'Olivia', lastName: 'Owner' });
  const childId: string = (await post(page.request, baseURL, '/api/children', { firstName: 'Maya', lastName: 'Lopez' })).id;
  const medicationId: string = (await post(page.request, baseURL, `/api/children/${childId}/medications`, { name: 'Amoxicillin', dosage: '250 mg' })).id;
  const [given, removed] = await post(page.request, baseURL, `/api/children/${childId}/tasks`, {
    name: 'Amoxicillin', category: 'medication', medicationId, scheduledDate: '2026-11-02', scheduledTimes: ['08:00', '20:00'],
  });
  expect((await page.request.put(`/api/tasks/${given.id}/complete`, { data: {}, headers: { Origin: baseURL } })).status()).toBe(200);
  expect((await page.request.delete(`/api/tasks/${removed.id}`, { data: { reason: 'Vomited the dose' }, headers: { Origin: baseURL } })).status()).toBe(204);
  const veraEmail = uniqueEmail('vera');
  const invitation = await post(page.request, baseURL, '/api/caregiver-invitations', { inviteeEmail: veraEmail, childIds: [childId], canEdit: false });
  const vera = await playwright.request.newContext({ baseURL });
  await registerThroughApi(vera, baseURL, { email: veraEmail, firstName: 'Vera', lastName: 'Viewer' });
  const token = new URL(invitation.acceptUrl as string).pathname.split('/').pop();
  expect((await vera.post(`/api/caregiver-invitations/${token}/accept`, { headers: { Origin: baseURL } })).status()).toBe(200);
  await vera.dispose();
  // Task commands do not wait for the reports' read model: wait until it shows both doses.
  await expect
    .poll(async () => (await (await page.request.get(`/api/children/${childId}/adherence?from=2026-11-01&to=2026-11-30`)).json()).medications?.[0]?.removed ?? 0)
    .toBe(1);
  return { childId };
}

async function openDataPrivacy(page: Page) {
  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Account' }).click();
  const section = page.getByRole('region', { name: 'Data & Privacy' });
  await expect(section).toBeVisible();
  return section;
}

for (const [screen, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`on a ${screen}`, () => {
    test.use({ viewport });

    test('Export My Data downloads everything Olivia sees as JSON; Privacy Settings shows who sees Maya', async ({ page, baseURL, playwright }) => {
      const { childId } = await family(page, baseURL!, playwright);
      const section = await openDataPrivacy(page);
      await expectAccessibleOnPhoneAndDesktop(page);

      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Export My Data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^carecircle-export-\d{4}-\d{2}-\d{2}\.json$/);
      const document = JSON.parse(readFileSync((await download.path())!, 'utf8'));
      expect(document.profile).toMatchObject({ firstName: 'Olivia' });
      expect(document.recipients).toHaveLength(1);
      expect(document.recipients[0]).toMatchObject({ id: childId, name: 'Maya Lopez', medications: [{ name: 'Amoxicillin' }] });
      expect(document.recipients[0].tasks.map((task: { events: { type: string }[] }) => task.events.map((e) => e.type)).sort()).toEqual([
        ['TaskScheduled', 'TaskCompleted'],
        ['TaskScheduled', 'TaskRemoved'],
      ]);
      // The export is in Olivia's security activity.
      const audit = await page.request.get('/api/user/audit');
      expect(((await audit.json()).items as { action: string }[]).map((e) => e.action)).toContain('data_exported');

      await section.getByRole('button', { name: 'Privacy Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Privacy Settings' });
      const maya = dialog.getByRole('listitem', { name: 'Maya Lopez' });
      await expect(maya).toContainText('Vera Viewer');
      await expect(maya).toContainText('Can view');
      await expect(dialog).toContainText("Your family's emergency contacts are visible to every caregiver you share someone with");
      await expectAccessibleOnPhoneAndDesktop(page, '.ant-modal');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });

    test('the adherence report: counts per medication, printable, CSV; a backwards range is refused with its reason', async ({ page, baseURL, playwright }) => {
      await family(page, baseURL!, playwright);
      const section = await openDataPrivacy(page);
      await section.getByRole('link', { name: 'Adherence Report' }).click();
      await expect(page).toHaveURL(/\/reports\/adherence$/);
      await expect(page.getByRole('heading', { name: 'Adherence Report', level: 1 })).toBeVisible();
      const form = page.getByRole('form', { name: 'Report settings' });
      await expect(form.getByLabel('Care recipient')).toHaveValue(/.+/);

      await form.getByLabel('From').fill('2026-11-30');
      await form.getByLabel('To').fill('2026-11-01');
      await form.getByRole('button', { name: 'Show Report' }).click();
      await expect(page.getByRole('alert')).toHaveText('The end date must not be before the start date.');

      await form.getByLabel('From').fill('2026-11-01');
      await form.getByLabel('To').fill('2026-11-30');
      await form.getByRole('button', { name: 'Show Report' }).click();
      await expect(page.getByRole('heading', { name: 'Maya Lopez: 2026-11-01 to 2026-11-30' })).toBeVisible();
      const row = page.getByRole('row', { name: /Amoxicillin \(250 mg\)/ });
      await expect(row.getByRole('cell')).toHaveText(['2', '0', '0', '1', '0', '0', '1', 'Vomited the dose (1)']);
      await expect(page.getByRole('alert')).toBeHidden();
      await expectAccessibleOnPhoneAndDesktop(page);

      // Printed: only the report (the form, the actions and the navigation are hidden).
      await page.emulateMedia({ media: 'print' });
      await expect(form).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(row).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
      expect(csv.suggestedFilename()).toBe('Maya-Lopez-adherence-2026-11-01-to-2026-11-30.csv');
      expect(readFileSync((await csv.path())!, 'utf8').split('\r\n')[2]).toBe('Amoxicillin,250 mg,2,0,0,1,0,0,1,Vomited the dose (1)');
      const [history] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Task History CSV' }).click()]);
      const lines = readFileSync((await history.path())!, 'utf8').trimEnd().split('\r\n');
      expect(lines.slice(1).map((line) => line.split(',').slice(0, 5).join(','))).toEqual([
        '2026-11-02,08:00,Amoxicillin,medication,Given late',
        '2026-11-02,20:00,Amoxicillin,medication,Removed',
      ]);
    });
  });
}
