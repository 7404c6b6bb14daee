import { expect } from '@playwright/test';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, PASSWORD, registerThroughApi, test, uniqueEmail } from './support';

// Delete Account from Settings > Account, the way a caregiver would: the danger zone, the password
// asked again (a wrong one is refused in the dialog), then signed out to the landing page with the
// account and its care recipient gone. On a phone, the last steps on a desktop; the dialog is checked
// with axe on both.

test('a caregiver deletes their account from Settings > Account', async ({ page, baseURL }) => {
  const email = uniqueEmail('delete');
  await registerThroughApi(page.request, baseURL!, { email, firstName: 'Dora', lastName: 'Leaving' });
  const added = await page.request.post('/api/children', { data: { firstName: 'Pip', lastName: 'Leaving' }, headers: { Origin: baseURL! } });
  expect(added.status()).toBe(201);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Danger zone' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await expect(confirm).toBeDisabled(); // nothing happens without the password
  // No passkey: no passkey button, and a way for an account without a password (Google) is named.
  await expect(dialog.getByRole('button', { name: 'Confirm with passkey' })).toHaveCount(0);
  await expect(dialog.getByText('Signed up with Google and never set a password? Set up biometric sign-in (a passkey) under Security & Authentication above, then come back and confirm with it.')).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page, '.ant-modal');

  await dialog.getByLabel('Enter your password to confirm').fill('not my password');
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200); // still here

  await page.setViewportSize(DESKTOP);
  await dialog.getByLabel('Enter your password to confirm').fill(PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Care is a team effort'); // the public landing page
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  const signIn = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD }, headers: { Origin: baseURL! } });
  expect(signIn.status()).toBe(401);
});
