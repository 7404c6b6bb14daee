import { expect, type Page } from '@playwright/test';
import { DESKTOP, expectToast, test } from './support';
import { addChild, expectAccessibleOnPhoneAndDesktop, signUp } from './today-support';

// A daily schedule, seen on future days as planned, changed from tomorrow, paused, resumed and
// stopped. The schedule is created through the API; the clicks are the caregiver's. 23:59 and 23:30
// are still ahead whenever the test runs (bar the last minutes of the day), so today's task stays pending.
// Walked on a phone, then in Settings on a desktop; each screen and dialog is checked with axe on the
// phone and on a desktop.
test('a caregiver sees tomorrow planned, changes the schedule from tomorrow, pauses it and stops it with a reason', async ({ page, baseURL }) => {
  test.setTimeout(180_000); // four screens, two dialogs deep, and axe three times at two widths
  await signUp(page, baseURL!, 'Nora', 'Quinn');
  const child = await addChild(page, baseURL!, 'Eli', 'Quinn');
  const created = await page.request.post('/api/repeating-tasks', {
    headers: { Origin: baseURL! },
    data: { childId: child.id, name: 'Vitamin D', description: '1 gummy', category: 'medication', scheduledTime: '23:59', repeatPattern: 'daily' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { template } = (await created.json()) as { template: { id: string } };

  await page.goto('/');
  const main = page.getByRole('main');
  const day = page.getByRole('navigation', { name: 'Day' });
  const todays = main.getByRole('region', { name: "Today's Tasks" });
  const tomorrows = main.getByRole('region', { name: 'Tasks for Tomorrow' });

  await test.step('today has the real task; Next day shows it planned, without completing it', async () => {
    await expect(todays.getByRole('checkbox', { name: 'Complete Vitamin D' })).toBeEnabled();
    await day.getByRole('button', { name: 'Next day' }).click();
    const card = tomorrows.getByRole('listitem', { name: 'Vitamin D' });
    await expect(card).toContainText('Planned');
    await expect(card).toContainText('11:59 PM');
    await expect(card.getByRole('checkbox', { name: 'Complete Vitamin D' })).toBeDisabled();
    await expect(card).toContainText('it can be completed on its day');
    await expect(main.getByRole('region', { name: 'Progress for Tomorrow' })).toContainText('Completed0%');
    await expectAccessibleOnPhoneAndDesktop(page);
  });

  await test.step('from the task details: edit the schedule from tomorrow; today stays as it was', async () => {
    await tomorrows.getByRole('button', { name: 'Vitamin D' }).click();
    const details = page.getByRole('dialog', { name: 'Vitamin D' });
    await expect(details.getByText('Planned', { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
    await details.getByRole('button', { name: 'Repeating Schedule' }).click();
    const schedules = page.getByRole('dialog', { name: 'Repeating schedules: Eli Quinn' });
    await expect(schedules.getByRole('listitem', { name: 'Vitamin D' })).toContainText('11:59 PM · Every day');
    await schedules.getByRole('button', { name: 'Edit schedule of Vitamin D' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit schedule: Vitamin D' });
    await expectAccessibleOnPhoneAndDesktop(page);
    await edit.getByLabel('Time 1', { exact: true }).fill('23:30');
    await edit.getByLabel('Dose or instructions').fill('2 gummies');
    await edit.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule changed');
    await expect(schedules.getByRole('listitem', { name: 'Vitamin D' })).toContainText('11:30 PM · Every day');
    await expect(schedules.getByRole('listitem', { name: 'Vitamin D' })).toContainText('Changes from');
    await schedules.getByRole('button', { name: 'Close' }).last().click();
    await details.getByRole('button', { name: 'Close' }).last().click();

    const card = tomorrows.getByRole('listitem', { name: 'Vitamin D' });
    await expect(card).toContainText('11:30 PM');
    await expect(card).toContainText('2 gummies');
    await day.getByRole('button', { name: 'Previous day' }).click();
    const today = todays.getByRole('listitem', { name: 'Vitamin D' });
    await expect(today).toContainText('11:59 PM');
    await expect(today).toContainText('1 gummy');
  });

  await test.step('in Settings, on the recipient card (from here on a desktop): pause, and tomorrow is empty; resume brings it back', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/settings?tab=children');
    await page.getByRole('button', { name: 'Repeating schedules for Eli Quinn' }).click();
    const schedules = page.getByRole('dialog', { name: 'Repeating schedules: Eli Quinn' });
    await schedules.getByRole('button', { name: 'Pause Vitamin D' }).click();
    await expect(schedules.getByRole('listitem', { name: 'Vitamin D' })).toContainText('Paused');
    await expectAccessibleOnPhoneAndDesktop(page);
    await schedules.getByRole('button', { name: 'Close' }).last().click();
    await expectTomorrow(page, null);

    await page.goto('/settings?tab=children');
    await page.getByRole('button', { name: 'Repeating schedules for Eli Quinn' }).click();
    await page.getByRole('dialog', { name: 'Repeating schedules: Eli Quinn' }).getByRole('button', { name: 'Resume Vitamin D' }).click();
    await expect(page.getByRole('dialog', { name: 'Repeating schedules: Eli Quinn' }).getByRole('listitem', { name: 'Vitamin D' })).not.toContainText('Paused');
    await expectTomorrow(page, '11:30 PM');
  });

  await test.step('stop with a reason: gone from future days and from the list; today keeps its task', async () => {
    await page.goto('/settings?tab=children');
    await page.getByRole('button', { name: 'Repeating schedules for Eli Quinn' }).click();
    const schedules = page.getByRole('dialog', { name: 'Repeating schedules: Eli Quinn' });
    await schedules.getByRole('button', { name: 'Stop Vitamin D' }).click();
    const stop = page.getByRole('dialog', { name: 'Stop Repeating Schedule' });
    const confirm = stop.getByRole('button', { name: 'Stop Schedule' });
    // A reason is required: the button waits for one, and spaces are not one (nor for the server).
    await expect(confirm).toBeDisabled();
    await stop.getByLabel('Reason for stopping').fill('   ');
    await expect(stop.getByRole('alert')).toHaveText('Please provide a reason for stopping this schedule.');
    await expect(confirm).toBeDisabled();
    const blank = await page.request.delete(`/api/repeating-tasks/${template.id}`, { headers: { Origin: baseURL! }, data: { reason: '   ' } });
    expect(blank.status()).toBe(400);
    expect(await blank.text()).toContain('Please provide a reason for stopping this schedule.');
    await stop.getByLabel('Reason for stopping').fill('Pediatrician ended the course');
    await confirm.click();
    await expect(schedules.getByText('No repeating schedules yet.')).toBeVisible();
    await schedules.getByRole('button', { name: 'Close' }).last().click();
    await expectTomorrow(page, null);
    await page.getByRole('navigation', { name: 'Day' }).getByRole('button', { name: 'Previous day' }).click();
    await expect(page.getByRole('main').getByRole('region', { name: "Today's Tasks" }).getByRole('listitem', { name: 'Vitamin D' })).toContainText('11:59 PM');
  });
});

/** Home, Next day: the planned Vitamin D at `time`, or no tasks at all. */
async function expectTomorrow(page: Page, time: string | null): Promise<void> {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Day' }).getByRole('button', { name: 'Next day' }).click();
  const tomorrows = page.getByRole('main').getByRole('region', { name: 'Tasks for Tomorrow' });
  if (time) await expect(tomorrows.getByRole('listitem', { name: 'Vitamin D' })).toContainText(time);
  else await expect(tomorrows.getByText('No tasks for tomorrow')).toBeVisible();
}
