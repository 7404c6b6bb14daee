import { expect } from '@playwright/test';
import { expectToast, PASSWORD, submitSignIn, test, uniqueEmail } from './support';

// One caregiver's first day, clicked through the way they would: every step depends on the previous one.
test('a caregiver creates an account, manages recipients and medications, signs out and back in', async ({ page }) => {
  // A whole first day, onboarding included: more than one screen's time on 2 shared cores.
  test.setTimeout(120_000);
  const email = uniqueEmail('caregiver');

  await test.step('create an account from the landing page', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    // /api/login redirects to the email sign-in page.
    await expect(page).toHaveURL(/\/login\/email$/);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill('Maria');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    const timezoneSync = page.waitForRequest(
      (request) => request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/user/timezone',
    );
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome to CareCircle!' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The browser's zone differs from the new profile's default, so the app stores it.
    expect((await timezoneSync).postDataJSON()).toEqual({ timezone: 'America/New_York' });
  });

  await test.step('the onboarding wizard opens by itself; closed, the welcome screen opens it again', async () => {
    const wizard = page.getByRole('dialog', { name: 'Care Recipient Setup' });
    await expect(wizard).toBeVisible();
    await wizard.getByRole('button', { name: 'Close' }).click();
    await expect(wizard).toBeHidden();
    await page.getByRole('button', { name: 'Add Care Recipient' }).click();
    await expect(wizard).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();

    await wizard.getByLabel('First Name').fill('Sam');
    await wizard.getByLabel('Last Name').fill('Rivera');
    await wizard.getByLabel('Date of Birth').fill('2015-03-04');
    await wizard.getByLabel('Condition (optional)').fill('Epilepsy');
    await wizard.getByRole('button', { name: 'Next' }).click();
    // Everything else can be set up later: skip to the end.
    for (let step = 2; step < 6; step++) await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    const last = page.getByRole('dialog', { name: 'Welcome' });
    await last.getByRole('button', { name: 'Complete Setup' }).click();

    await expectToast(page, 'Sam has been added successfully!');
    await expect(last).toBeHidden();
    await expect(page.getByRole('main').getByText('Sam Rivera', { exact: true })).toBeVisible();
    await expect(page.getByText('No medications added yet.')).toBeVisible();
  });

  await test.step('add two medications', async () => {
    for (const [name, dosage, instructions] of [
      ['Keppra', '0.5 ml', 'Twice daily with food'],
      ['Vitamin D', '400 IU', ''],
    ]) {
      await page.getByRole('button', { name: 'Add Medication' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Medication' });
      await expect(dialog.getByLabel('Dosage')).toHaveAttribute('placeholder', '0.5 ml');
      await dialog.getByLabel('Medication Name').fill(name);
      await dialog.getByLabel('Dosage').fill(dosage);
      if (instructions) await dialog.getByLabel('Instructions').fill(instructions);
      await dialog.getByRole('button', { name: 'Add Medication' }).click();
      await expect(dialog).toBeHidden();
    }
    const list = page.getByRole('list', { name: "Sam Rivera's medications" });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('Keppra')).toBeVisible();
    await expect(list.getByText('Twice daily with food')).toBeVisible();
    await expect(list.getByText('400 IU')).toBeVisible();
  });

  await test.step('edit the recipient', async () => {
    await page.getByRole('button', { name: 'Manage care recipients' }).click();
    const recipients = page.getByRole('dialog', { name: 'Care Recipients' });
    await expect(recipients.getByText('Sam Rivera')).toBeVisible();
    // Deleting is offered only when more than one recipient exists.
    await expect(recipients.getByRole('button', { name: /^Delete / })).toHaveCount(0);

    await recipients.getByRole('button', { name: 'Edit Sam Rivera' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Sam Rivera' });
    await expect(form.getByLabel('Date of birth')).toHaveValue('2015-03-04');
    await form.getByLabel('First name').fill('Samuel');
    await form.getByRole('button', { name: 'Save Changes' }).click();

    await expectToast(page, 'Care recipient updated successfully!');
    await expect(form).toBeHidden();
    await expect(recipients.getByText('Samuel Rivera')).toBeVisible();
    await recipients.getByRole('button', { name: 'Done' }).click();
    await expect(recipients).toBeHidden();
    await expect(page.getByRole('main').getByText('Samuel Rivera', { exact: true })).toBeVisible();
  });

  await test.step('edit one medication and stop the other', async () => {
    await page.getByRole('button', { name: 'Edit Keppra' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Medication' });
    await expect(form.getByLabel('Medication Name')).toHaveValue('Keppra');
    await form.getByLabel('Dosage').fill('1 ml');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form).toBeHidden();
    const list = page.getByRole('list', { name: "Samuel Rivera's medications" });
    await expect(list.getByText('1 ml', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Remove Vitamin D' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Vitamin D?' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('Vitamin D')).toHaveCount(0);
  });

  await test.step('add a second recipient, switch between them, then delete one', async () => {
    await page.getByRole('button', { name: 'Manage care recipients' }).click();
    const recipients = page.getByRole('dialog', { name: 'Care Recipients' });
    await recipients.getByRole('button', { name: 'Add Person' }).click();
    const form = page.getByRole('dialog', { name: 'Add Care Recipient' });
    await form.getByRole('button', { name: 'Add Care Recipient' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();
    await form.getByLabel('First name').fill('Rosa');
    await form.getByLabel('Last name').fill('Rivera');
    await form.getByRole('button', { name: 'Add Care Recipient' }).click();
    await expectToast(page, 'Care recipient added successfully!');
    await expect(recipients.getByRole('listitem')).toHaveCount(2);
    await recipients.getByRole('button', { name: 'Done' }).click();

    // With several recipients the header offers a selector; the newest (last) one is shown.
    const selector = page.getByRole('combobox', { name: 'Care recipient' });
    await expect(selector.locator('option:checked')).toHaveText('Rosa Rivera');
    await expect(page.getByText('No medications added yet.')).toBeVisible();
    await selector.selectOption({ label: 'Samuel Rivera' });
    await expect(page.getByRole('list', { name: "Samuel Rivera's medications" }).getByText('Keppra')).toBeVisible();

    await page.getByRole('button', { name: 'Manage care recipients' }).click();
    await recipients.getByRole('button', { name: 'Delete Rosa Rivera' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Rosa Rivera?' });
    await expect(confirm).toContainText('permanently deleted');
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Care recipient removed successfully');
    await expect(confirm).toBeHidden();
    await expect(recipients.getByRole('listitem')).toHaveCount(1);
    await expect(recipients.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await recipients.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('combobox', { name: 'Care recipient' })).toHaveCount(0);
  });

  await test.step('sign out from settings', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText(email)).toBeVisible();
    // Sign Out lives on the Account tab.
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Care is a team effort');
  });

  await test.step('sign back in and find everything as it was left', async () => {
    await page.goto('/login/email');
    await submitSignIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('main').getByText('Samuel Rivera', { exact: true })).toBeVisible();
    const list = page.getByRole('list', { name: "Samuel Rivera's medications" });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('Keppra')).toBeVisible();
    await expect(list.getByText('1 ml', { exact: true })).toBeVisible();
  });
});
