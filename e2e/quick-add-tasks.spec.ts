import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectToast, registerThroughApi, test, uniqueEmail } from './support';
import { dateInZone, ZONE } from './today-support';

// Quick Add from the bottom navigation, clicked the way a tired caregiver would on a phone.

/** A signed-in caregiver (the page's own cookies) with one recipient and one medication. */
async function caregiverWithRecipient(page: Page, baseURL: string): Promise<{ childId: string }> {
  await registerThroughApi(page.request, baseURL, { email: uniqueEmail('quickadd'), firstName: 'Maria', lastName: 'Rivera' });
  const headers = { Origin: baseURL };
  expect((await page.request.patch('/api/user/timezone', { data: { timezone: ZONE }, headers })).ok()).toBe(true);
  const child = await page.request.post('/api/children', { data: { firstName: 'Sam', lastName: 'Rivera' }, headers });
  expect(child.status()).toBe(201);
  const childId = ((await child.json()) as { id: string }).id;
  const medication = await page.request.post(`/api/children/${childId}/medications`, {
    data: { name: 'Keppra', dosage: '0.5 ml' },
    headers,
  });
  expect(medication.status()).toBe(201);
  return { childId };
}

async function openQuickAdd(page: Page, item: 'Add Task' | 'Add Appointment') {
  await page.getByRole('button', { name: 'Quick Add' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a caregiver adds a repeating medication and sees today\'s doses on the Today list', async ({ page, baseURL }) => {
  const { childId } = await caregiverWithRecipient(page, baseURL!);
  await page.goto('/');
  await expect(page.getByRole('main').getByText('Sam Rivera', { exact: true })).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Add New Task' });

  await test.step('open Add Task from Quick Add; a task needs at least one time', async () => {
    await openQuickAdd(page, 'Add Task');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Task name').fill('Keppra');
    await dialog.getByLabel('Category').selectOption({ label: 'Quick Options' });
    await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Medication' });
    // Medication suggests 8:00 AM, 2:00 PM and 8:00 PM.
    const times = dialog.getByRole('list', { name: 'Selected times' });
    await expect(times.getByRole('listitem')).toHaveText(['8:00 AM', '2:00 PM', '8:00 PM']);
    for (const time of ['8:00 AM', '2:00 PM', '8:00 PM']) {
      await dialog.getByRole('button', { name: `Remove ${time}` }).click();
    }
    await expect(dialog.getByText('No times selected yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await expect(dialog.getByText('Please select at least one time for the task.')).toBeVisible();
  });

  await test.step('choose two times, link the medication and repeat daily', async () => {
    const picker = dialog.getByRole('group', { name: 'Time to add' });
    // The picker starts at 9:00 AM.
    await expect(picker.getByLabel('Hour')).toHaveValue('9');
    await expect(picker.getByLabel('Minute')).toHaveValue('0');
    await expect(picker.getByLabel('AM or PM')).toHaveValue('AM');
    // A quick time is added with one tap, and shows pressed while it is in the list.
    await picker.getByRole('button', { name: '8 AM' }).click();
    await expect(picker.getByRole('button', { name: '8 AM' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('list', { name: 'Selected times' }).getByRole('listitem')).toHaveText(['8:00 AM']);
    // The same time cannot be added twice.
    await picker.getByLabel('Hour').selectOption('8');
    await expect(dialog.getByRole('button', { name: 'Add Time' })).toBeDisabled();
    await picker.getByLabel('Hour').selectOption('8');
    await picker.getByLabel('AM or PM').selectOption('PM');
    await dialog.getByRole('button', { name: 'Add Time' }).click();
    await expect(dialog.getByRole('list', { name: 'Selected times' }).getByRole('listitem')).toHaveText(['8:00 AM', '8:00 PM']);
    await expect(dialog.getByText('Please select at least one time for the task.')).toHaveCount(0);

    await expect(dialog.getByLabel('Linked medication')).toHaveValue('none');
    await dialog.getByLabel('Linked medication').selectOption({ label: 'Keppra (0.5 ml)' });
    await dialog.getByRole('switch', { name: 'Repeat' }).click();
    await expect(dialog.getByLabel('Repeat pattern')).toHaveValue('daily');
    await expect(dialog.getByLabel('Start date')).toHaveValue(dateInZone());
    await expect(dialog.getByLabel('End date')).toHaveValue(dateInZone(30));
    await expectNoSeriousA11yViolations(page, '.ant-modal');
  });

  await test.step('save: a template plus today\'s two doses', async () => {
    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/repeating-tasks' && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const body = response.request().postDataJSON();
    expect(body).toMatchObject({
      childId,
      name: 'Keppra',
      category: 'medication',
      isRepeating: true,
      repeatPattern: 'daily',
      repeatInterval: 1,
      scheduledTimes: ['08:00', '20:00'],
      repeatStartDate: dateInZone(),
      repeatEndDate: dateInZone(30),
    });
    expect(body.daysOfWeek).toHaveLength(7);
    await expectToast(page, 'Repeating task template created');
    await expectToast(page, 'Tasks scheduled for 2 times today and saved as template');
    await expect(dialog).toBeHidden();

    const list = page.getByRole('main').getByRole('region', { name: "Today's Tasks" });
    await expect(list.getByRole('listitem', { name: 'Keppra' })).toHaveCount(2);
    const tasks = (await (await page.request.get(`/api/tasks?childId=${childId}&date=${dateInZone()}`)).json()) as {
      name: string;
      localTime: string;
      medicationId: string | null;
    }[];
    expect(tasks.map((t) => t.localTime).sort()).toEqual(['08:00', '20:00']);
    expect(tasks.every((t) => t.medicationId !== null)).toBe(true);
  });

  await test.step('template mode needs a template name and saves only a template', async () => {
    await openQuickAdd(page, 'Add Task');
    await dialog.getByText('Template', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Template' })).toBeChecked();
    // A template ends a year after its start.
    await dialog.getByRole('switch', { name: 'Repeat' }).click();
    await expect(dialog.getByLabel('End date')).toHaveValue(dateInZone(365));
    await dialog.getByRole('switch', { name: 'Repeat' }).click();
    await dialog.getByLabel('Task name', { exact: true }).fill('Evening bath');
    await dialog.getByLabel('Category').selectOption({ label: 'Daily Routines & Care' });
    await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Hygiene Care' });
    await dialog.getByLabel('Additional info').fill('Lavender soap');
    await dialog.getByRole('button', { name: 'Add Template' }).click();
    await expect(dialog.getByText('Please provide a name for the template.')).toBeVisible();
    await dialog.getByLabel('Template name').fill('Bedtime routine');

    const created = page.waitForResponse((response) => /\/api\/children\/[^/]+\/task-templates$/.test(new URL(response.url()).pathname));
    await dialog.getByRole('button', { name: 'Add Template' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      templateName: 'Bedtime routine',
      isTemplate: true,
      isRepeating: false,
      description: 'Additional Info: Lavender soap',
      scheduledTimes: ['09:00'],
    });
    await expectToast(page, 'Template Added');
    await expect(dialog).toBeHidden();
  });
});
