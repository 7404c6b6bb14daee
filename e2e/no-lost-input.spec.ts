import { expect } from '@playwright/test';
import { expectToast, registerThroughApi, test, uniqueEmail } from './support';
import { addChild, expectNoSeriousA11yViolations } from './today-support';

// Taps that must not be lost or change what the caregiver already chose (issue 9, items 4 and 5).

test('Quick Add keeps picked times when the type is chosen afterwards, and a name stops at its limit', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('lost-input'), firstName: 'Ines', lastName: 'Park' });
  const created = await page.request.post('/api/children', { data: { firstName: 'Jun', lastName: 'Park' }, headers: { Origin: baseURL! } });
  expect(created.status()).toBe(201);
  await page.goto('/');
  await page.getByRole('button', { name: 'Quick Add' }).click();
  await page.getByRole('menuitem', { name: 'Add Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Task' });

  const name = dialog.getByLabel('Task name');
  await name.fill('x'.repeat(250));
  await expect(name).toHaveValue('x'.repeat(200));
  await name.fill('Vitamin D');

  const picker = dialog.getByRole('group', { name: 'Time to add' });
  await dialog.getByRole('button', { name: 'Remove 9:00 AM' }).click();
  await picker.getByRole('button', { name: '6 PM' }).click();
  await dialog.getByLabel('Category').selectOption({ label: 'Quick Options' });
  await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Medication' });
  const times = dialog.getByRole('list', { name: 'Selected times' }).getByRole('listitem');
  await expect(times).toHaveText(['6:00 PM']);
  await expect(dialog.getByText('Suggested times for Medication were added.')).toHaveCount(0);
  // Tapping a chosen quick time again takes it out.
  await picker.getByRole('button', { name: '6 PM' }).click();
  await expect(dialog.getByText('No times selected yet.')).toBeVisible();
  await picker.getByRole('button', { name: '8 AM' }).click();
  await expect(times).toHaveText(['8:00 AM']);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Add Task' }).click();
  await expectToast(page, 'Task Added');
  await expect(page.getByRole('checkbox', { name: 'Complete Vitamin D at 8:00 AM' })).toBeVisible();
});

test('in Add Person, the first click on Skip to Routine Tasks or Back is never lost', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('add-person-click'), firstName: 'Ines', lastName: 'Park' });
  await addChild(page, baseURL!, 'Ada', 'Park');
  await page.goto('/settings?tab=children');
  await page.getByRole('button', { name: 'Add Person' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Person' });
  await wizard.getByLabel('Name', { exact: true }).fill('Theo');
  await wizard.getByRole('button', { name: 'Next: Add Care Schedule' }).click();
  await expect(wizard.getByText('Step 2 of 3')).toBeVisible();

  // The schedule field has focus; one click on Back leaves it (blur) and goes back.
  await expect(wizard.getByLabel('Medication schedule')).toBeFocused();
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.getByText('Step 1 of 3')).toBeVisible();
  await wizard.getByRole('button', { name: 'Next: Add Care Schedule' }).click();
  await expect(wizard.getByLabel('Medication schedule')).toBeFocused();
  await wizard.getByRole('button', { name: 'Skip to Routine Tasks' }).click();
  await expect(wizard.getByText('Step 3 of 3')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
