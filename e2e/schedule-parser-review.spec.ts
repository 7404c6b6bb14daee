import { expect, type Locator, type Page } from '@playwright/test';
import type { BulkTasksInput, Child, Medication } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, PHONE, registerThroughApi, test, uniqueEmail } from './support';
import { addChild } from './today-support';

// Issue 21: a schedule copied from a discharge letter comes back in the review as it was written
// (Mon/Wed/Fri, a taper of three consecutive steps with their own doses, strength apart from the
// dose), a line the parser could not fully read is flagged beside its original text and holds Create
// back until confirmed, one step is edited, and the medications reach the Medications card and
// Quick Add's linked-medication picker. Walked once on a phone; each screen and dialog is checked with
// axe on the phone and, resized, on a desktop.

const VITAMIN_D = 'Vitamin D3 1000 IU - 1 tab PO once daily with breakfast Mon/Wed/Fri';
const TAPER =
  'Prednisolone 15 mg/5 mL: 10 mL once daily at 8:00 am x 3 days, then 5 mL daily x 3 days, then 2.5 mL daily x 3 days, then stop.';
// Twice daily, but one time written: the parser cannot tell which is meant, so it asks.
const FLAGGED = 'Famotidine 8 mg twice daily at 8am';
// A dose without a name: never named from other words, the caregiver names it.
const NAMELESS = '8am 2.5 ml';
const SCHEDULE = [VITAMIN_D, TAPER, FLAGGED, NAMELESS, 'Motrin 100mg as needed for pain'].join('\n');
const MEDICATIONS = ['Famotidine', 'Keppra', 'Motrin', 'Prednisolone', 'Vitamin D3'];

/** yyyy-mm-dd plus whole days. */
function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** As the review writes it: 'Mar 4', with the year when it is not the Start Date's. */
function shortDate(date: string, start: string): string {
  const words = `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
  return date.slice(0, 4) === start.slice(0, 4) ? words : `${words}, ${date.slice(0, 4)}`;
}

/** The right edge of the title's text stays left of the close button (it ran under it at 360 px), on both screens. */
async function expectTitleClearOfClose(page: Page, dialog: Locator): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectTitleClearOfCloseNow(dialog);
  }
}

async function expectTitleClearOfCloseNow(dialog: Locator): Promise<void> {
  const textRight = await dialog.locator('.ant-modal-title').evaluate((title) => {
    const range = document.createRange();
    range.selectNodeContents(title);
    return Math.max(...Array.from(range.getClientRects(), (rect) => rect.right));
  });
  const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
  expect(textRight).toBeLessThanOrEqual(close!.x);
}

/** Axe on the open dialog (or the page), at rest (no hover colours), on the phone and on a desktop. */
async function expectAccessibleAtRest(page: Page, selector?: string): Promise<void> {
  await expectAccessibleOnPhoneAndDesktop(page, selector, () => page.mouse.move(0, 0));
}

test('a pasted regimen is reviewed as written, flagged lines confirmed, and its medications saved', async ({ page, baseURL }) => {
  test.setTimeout(300_000); // four screens and axe on each at two widths, on 2 shared cores
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('regimen'), firstName: 'Rosa', lastName: 'Diaz' });
  // The first recipient comes from onboarding; Add Person (this flow) adds the next ones.
  await addChild(page, baseURL!, 'Ana', 'Diaz');
  await page.goto('/settings?tab=children');
  await expect(page.getByRole('button', { name: 'Add Person' })).toBeVisible();
  await expectAccessibleAtRest(page);

  const wizard = page.getByRole('dialog', { name: 'Add Person' });
  const parseRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/schedule/parse');
  await test.step('paste the schedule: the parse counts from the review\'s start date, today', async () => {
    await page.getByRole('button', { name: 'Add Person' }).click();
    await wizard.getByLabel('Name', { exact: true }).fill('Leo Diaz');
    await expectAccessibleAtRest(page, '.add-person-dialog');
    await wizard.getByRole('button', { name: 'Next: Add Care Schedule' }).click();
    await wizard.getByLabel('Medication schedule').fill(SCHEDULE);
    await expectAccessibleAtRest(page, '.add-person-dialog');
    await wizard.getByRole('button', { name: 'Parse My Schedule' }).click();
    expect((await parseRequest).postDataJSON()).toEqual({ text: SCHEDULE, startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    await wizard.getByRole('button', { name: /^Review All Tasks/ }).click();
  });

  const review = page.getByRole('dialog', { name: 'Review Daily Tasks for Leo Diaz' });
  const startDate = review.getByLabel('Start Date', { exact: true });
  const morning = review.getByRole('region', { name: '8:00 AM' });
  const rows = review.getByRole('listitem');
  const taperStep = (dose: string) => morning.getByRole('listitem').filter({ hasText: 'Prednisolone' }).filter({ hasText: new RegExp(`Dosage: ${dose} ml`, 'i') });
  const flaggedRows = rows.filter({ hasText: 'Check this line' });
  const create = review.getByRole('button', { name: /^Create \d+ Task\(s\)$/ });
  const start = (await parseRequest).postDataJSON().startDate as string;
  await expect(startDate).toHaveValue(start);

  await test.step('each row says its regimen in words, its strength apart from its dose', async () => {
    await expectTitleClearOfClose(page, review);
    const vitamin = morning.getByRole('listitem').filter({ hasText: 'Vitamin D3' });
    await expect(vitamin).toHaveCount(1);
    await expect(vitamin).toContainText('Mon, Wed, Fri');
    await expect(vitamin).toContainText(/Dosage: 1 tab/i);
    await expect(vitamin).toContainText(/Strength 1000 IU/i);
    // The taper: three steps at 8:00, each its own dose and days, one after the other.
    await expect(morning.getByRole('listitem').filter({ hasText: 'Prednisolone' })).toHaveCount(3);
    await expect(taperStep('10')).toContainText(`Until ${shortDate(plusDays(start, 2), start)}`);
    await expect(taperStep('5')).toContainText(`From ${shortDate(plusDays(start, 3), start)} to ${shortDate(plusDays(start, 5), start)}`);
    await expect(taperStep('2.5')).toContainText(`From ${shortDate(plusDays(start, 6), start)} to ${shortDate(plusDays(start, 8), start)}`);
    await expect(taperStep('10')).toContainText(/Strength 15 mg\/5 ml/i);
    // No task is named from leftover words.
    await expect(rows.filter({ hasText: 'Needs a name' })).toHaveCount(1);
    await expect(review.getByRole('region', { name: 'Not scheduled' })).toContainText('Motrin');
    await expectAccessibleAtRest(page, '.task-review-dialog');
  });

  await test.step('unclear lines are flagged beside their original text, and Create waits for them', async () => {
    await expect(flaggedRows).toHaveCount((await rows.filter({ hasText: 'Famotidine' }).count()) + 1);
    for (const row of await flaggedRows.filter({ hasText: 'Famotidine' }).all()) await expect(row).toContainText(`Original: ${FLAGGED}`);
    const nameless = flaggedRows.filter({ hasText: 'Needs a name' });
    await expect(nameless).toContainText(/Dosage: 2\.5 ml/i);
    // A line without a name is confirmed by naming it.
    await expect(nameless.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
    await expect(create).toBeDisabled();
    await expect(review.getByText('Give every task that needs a name a name first.')).toBeVisible();

    await nameless.getByRole('button', { name: 'Edit task that needs a name' }).click();
    const editor = review.getByRole('form', { name: 'Edit task that needs a name' });
    await expect(editor.getByLabel('Task Name')).toHaveValue('');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByText('Task name is required')).toBeVisible();
    await editor.getByLabel('Task Name').fill('Keppra');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(morning.getByRole('listitem').filter({ hasText: 'Keppra' })).toContainText(/Dosage: 2\.5 ml/i);
    await expect(rows.filter({ hasText: 'Needs a name' })).toHaveCount(0);
    await expect(create).toBeDisabled();
    await expect(review.getByText(/^Check the (flagged line|\d+ flagged lines), then confirm or edit/)).toBeVisible();
  });

  const moved = plusDays(start, 7);
  await test.step('moving the Start Date moves the taper\'s steps with it; one step is edited', async () => {
    await startDate.fill(moved);
    await expect(taperStep('5')).toContainText(`From ${shortDate(plusDays(moved, 3), moved)} to ${shortDate(plusDays(moved, 5), moved)}`);
    await taperStep('2.5').getByRole('button', { name: 'Edit Prednisolone' }).click();
    const editor = review.getByRole('form', { name: 'Edit Prednisolone' });
    await expect(editor.getByLabel('Starts on')).toHaveValue(plusDays(moved, 6));
    await expect(editor.getByLabel('Ends on')).toHaveValue(plusDays(moved, 8));
    await expect(editor.getByLabel('Strength')).toHaveValue(/^15 mg\/5 ml$/i);
    await expectAccessibleAtRest(page, '.task-review-dialog');
    // One more day of the last step.
    await editor.getByLabel('Ends on').fill(plusDays(moved, 9));
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(taperStep('2.5')).toContainText(`From ${shortDate(plusDays(moved, 6), moved)} to ${shortDate(plusDays(moved, 9), moved)}`);
  });

  await test.step('confirming each flagged line lets Create go', async () => {
    const confirms = review.getByRole('button', { name: /^Confirm .* as shown$/ });
    for (let left = await confirms.count(); left > 0; left -= 1) {
      await confirms.first().click();
      await expect(confirms).toHaveCount(left - 1);
    }
    await expect(flaggedRows).toHaveCount(0);
    await expect(create).toBeEnabled();
    await expectAccessibleAtRest(page, '.task-review-dialog');
  });

  await test.step('create sends exactly what was reviewed, in one call', async () => {
    const bulk = page.waitForRequest((request) => /\/api\/children\/[^/]+\/tasks\/bulk$/.test(new URL(request.url()).pathname));
    await create.click();
    const body = (await bulk).postDataJSON() as BulkTasksInput;
    const prednisolone = body.tasks.filter((task) => task.name === 'Prednisolone');
    expect(prednisolone.map((task) => [task.dosage?.toLowerCase(), task.startDate, task.endDate])).toEqual([
      ['10 ml', moved, plusDays(moved, 2)],
      ['5 ml', plusDays(moved, 3), plusDays(moved, 5)],
      ['2.5 ml', plusDays(moved, 6), plusDays(moved, 9)],
    ]);
    expect(prednisolone.every((task) => task.strength?.toLowerCase() === '15 mg/5 ml' && task.time === '08:00')).toBe(true);
    expect(body.tasks.find((task) => task.name === 'Vitamin D3')).toMatchObject({ daysOfWeek: [1, 3, 5], repeatInterval: 1, strength: expect.stringMatching(/^1000 IU$/i) });
    expect(body.tasks.every((task) => task.needsReview === undefined)).toBe(true);
    expect(body.medications?.map((medication) => medication.name)).toEqual(['Motrin']);
    await expectToast(page, 'Leo has been added successfully!');
  });

  const leo = (await getJson<Child[]>(page, '/api/children')).find((child) => child.name === 'Leo Diaz')!;
  await test.step('the medications are on the Medications card', async () => {
    const saved = await getJson<Medication[]>(page, `/api/children/${leo.id}/medications`);
    expect(saved.map((medication) => medication.name).sort()).toEqual(MEDICATIONS);
    await page.getByRole('button', { name: 'Medications for Leo Diaz' }).click();
    const list = page.getByRole('region', { name: 'Medications for Leo Diaz' }).getByRole('list', { name: "Leo Diaz's medications" });
    for (const name of MEDICATIONS) await expect(list).toContainText(name);
    await expectAccessibleAtRest(page, '.care-recipients-panel');
  });

  await test.step('and in Quick Add\'s linked-medication picker', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Quick Add' }).click();
    await page.getByRole('menuitem', { name: 'Add Task' }).click();
    const quickAdd = page.getByRole('dialog', { name: 'Add New Task' });
    await quickAdd.getByLabel('For', { exact: true }).selectOption({ label: 'Leo Diaz' });
    const picker = quickAdd.getByLabel('Linked medication');
    for (const name of MEDICATIONS) await expect(picker).toContainText(name);
    await expectAccessibleAtRest(page, '.quick-add-dialog');
  });
});
