import { expect } from '@playwright/test';
import { DESKTOP, expectToast, test } from './support';
import { addChild, addTasks, expectAccessibleOnPhoneAndDesktop, signUp, todayInZone } from './today-support';

// Early doses (issue 21; docs/scheduling.md, Progress): completing a medication more than an hour
// before its time asks first, "Due at 8:00 AM. Give it now?"; Cancel changes nothing; a dose given
// anyway counts as early, not on time. The doses are tomorrow morning's, so they are hours ahead
// whenever the test runs; tasks go in through the API, the clicks are the caregiver's: on a phone, then
// the details dialog on a desktop, each screen checked with axe on the phone and on a desktop.

const tomorrowOf = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

test('a dose ticked hours early is asked about, cancelled, then given, and counts as early', async ({ page, baseURL }) => {
  test.setTimeout(150_000); // two dialogs, two paths and axe three times at two widths on a shared machine
  await signUp(page, baseURL!, 'Maria', 'Rivera');
  const child = await addChild(page, baseURL!, 'Sam', 'Rivera');
  const tomorrow = tomorrowOf(todayInZone());
  await addTasks(page, baseURL!, child.id, { name: 'Give Keppra', category: 'medication', scheduledTimes: ['08:00'], scheduledDate: tomorrow });
  await addTasks(page, baseURL!, child.id, { name: 'Vitamin D', category: 'medication', scheduledTimes: ['09:00'], scheduledDate: tomorrow });
  const completions: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/complete')) completions.push(request.url());
  });

  await page.goto('/');
  const main = page.getByRole('main');
  await page.getByRole('navigation', { name: 'Day' }).getByRole('button', { name: 'Next day' }).click();
  const tasks = main.getByRole('region', { name: 'Tasks for Tomorrow' });
  const progress = main.getByRole('region', { name: 'Progress for Tomorrow' });
  const keppra = tasks.getByRole('checkbox', { name: 'Complete Give Keppra' });
  await expect(keppra).toBeEnabled();

  await test.step('ticking asks first; Cancel leaves the dose not given', async () => {
    await keppra.click();
    const question = page.getByRole('dialog', { name: 'Due at 8:00 AM. Give it now?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText('Give Keppra will be recorded as given early, not on time.');
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessibleOnPhoneAndDesktop(page);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(keppra).not.toBeChecked();
    await expect(tasks.getByRole('listitem', { name: 'Give Keppra' })).not.toContainText('Completed at');
    await expect(progress).toContainText('Completed0%');
    expect(completions).toEqual([]);
  });

  await test.step('ticking again and Give now completes it, shown as Early, not on time', async () => {
    await keppra.click();
    const question = page.getByRole('dialog', { name: 'Due at 8:00 AM. Give it now?' });
    await question.getByRole('button', { name: 'Give now' }).click();
    await expectToast(page, 'Great job! ✨');
    await expect(question).toBeHidden();
    await expect(keppra).toBeChecked();
    const card = tasks.getByRole('listitem', { name: 'Give Keppra' });
    await expect(card.getByText('Early', { exact: true })).toBeVisible();
    await expect(card).toContainText(/Completed at \d{1,2}:\d{2} [AP]M by Maria Rivera/);
    expect(completions).toHaveLength(1);
    await expect(progress).toContainText('Completed50%');
    await expect(progress).toContainText('On Time0%50% Early');
    await expectAccessibleOnPhoneAndDesktop(page);
  });

  await test.step('on a desktop, Mark Complete in the details asks the same; the details say Completed early', async () => {
    await page.setViewportSize(DESKTOP);
    await tasks.getByRole('button', { name: 'Vitamin D', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Vitamin D' });
    await details.getByRole('button', { name: 'Mark Complete' }).click();
    const question = page.getByRole('dialog', { name: 'Due at 9:00 AM. Give it now?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(details).toContainText('Pending');
    expect(completions).toHaveLength(1);

    await details.getByRole('button', { name: 'Mark Complete' }).click();
    await question.getByRole('button', { name: 'Give now' }).click();
    await expect(details).toBeHidden();
    await expect(tasks.getByRole('checkbox', { name: 'Complete Vitamin D' })).toBeChecked();
    await expect(progress).toContainText('On Time0%100% Early');

    await tasks.getByRole('button', { name: 'Vitamin D', exact: true }).click();
    await expect(details).toContainText('Completed early');
    await details.getByRole('tab', { name: 'History' }).click();
    await expect(details.getByRole('list', { name: 'History of Vitamin D' }).getByRole('listitem').last()).toContainText(/^Completedby Maria Rivera/);
    await expectAccessibleOnPhoneAndDesktop(page);
  });
});
