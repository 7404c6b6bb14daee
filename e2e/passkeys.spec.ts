import { expect, type Page } from '@playwright/test';
import type { User } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, registerThroughApi, test, uniqueEmail } from './support';

// Passkeys clicked through the way a caregiver would, with Chromium's virtual authenticator (CDP
// WebAuthn) standing in for Face ID: set up on Settings > Account, sign out, sign in with the passkey
// on /login, remove it, and see the removed passkey refused. Browsers refuse an IP address as a
// WebAuthn RP ID: this file reaches the server as localhost (docs/passkeys.md).
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
test.use({ baseURL: ORIGIN });

/** A platform authenticator with user verification, as a phone's Face ID or a laptop's Touch ID. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

test('a caregiver sets up a passkey, signs in with it, and removes it (phone and desktop, axe)', async ({ page }) => {
  const email = uniqueEmail('passkey');
  await registerThroughApi(page.request, ORIGIN, { email, firstName: 'Ana', lastName: 'Lopez' });
  const authenticator = await addVirtualAuthenticator(page);

  await page.goto('/settings?tab=account');
  const card = page.getByRole('region', { name: 'Setup Biometric Authentication' });
  for (const benefit of ['sign in instantly', 'biometric data stays on the device', 'works across devices']) await expect(card.getByText(benefit, { exact: true })).toBeVisible();
  await expect(card.getByText('Biometric authentication is not supported on this device or browser.')).toHaveCount(0);
  await expectAccessibleOnPhoneAndDesktop(page);
  await card.getByRole('button', { name: 'Setup', exact: true }).click();
  await expectToast(page, 'Setup Complete');
  await expectToast(page, 'Biometric authentication setup successful! You can now use Face ID or Touch ID to sign in.');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove' })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectAccessibleOnPhoneAndDesktop(page);

  await page.goto('/api/logout');
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await page.goto('/login');
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(page.locator('.auth-methods button').first()).toHaveAccessibleName('Sign in with a passkey');
  await expectAccessibleOnPhoneAndDesktop(page);
  await passkeyButton.click();
  await expectToast(page, 'Successfully signed in with biometrics!');
  await expect(page).toHaveURL(`${ORIGIN}/`);
  const me = await getJson<User>(page, '/api/auth/user');
  expect(me).toMatchObject({ email, hasWebAuthn: true });

  await page.goto('/settings?tab=account');
  await card.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove biometric authentication' });
  await expect(dialog.getByText('Are you sure you want to remove biometric authentication? You will no longer be able to sign in using Face ID or Touch ID.')).toBeVisible();
  await expectAccessibleOnPhoneAndDesktop(page, '.ant-modal');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Removed');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Setup', exact: true })).toBeEnabled();
  expect((await getJson<User>(page, '/api/auth/user')).hasWebAuthn).toBe(false);

  // The device still holds the passkey; the server no longer accepts it.
  await page.goto('/api/logout');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Authentication failed');
  await expectToast(page, 'Failed to authenticate with biometrics');
  await expect(page).toHaveURL(`${ORIGIN}/login`);
});

test('a caregiver whose passkey is set up deletes their account by confirming with it (phone and desktop, axe)', async ({ page }) => {
  const email = uniqueEmail('passkey-delete');
  await registerThroughApi(page.request, ORIGIN, { email, firstName: 'Idris', lastName: 'Leaving' });
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto('/settings?tab=account');
  const card = page.getByRole('region', { name: 'Setup Biometric Authentication' });
  await card.getByRole('button', { name: 'Setup', exact: true }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const withPasskey = dialog.getByRole('button', { name: 'Confirm with passkey' });
  await expect(withPasskey).toBeVisible();
  await expect(dialog.getByText('Signed up with Google and never set a password?')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled(); // the password way waits for a password
  await expectAccessibleOnPhoneAndDesktop(page, '.ant-modal');

  await page.setViewportSize(DESKTOP);
  await withPasskey.click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Care is a team effort');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect(await authenticator.credentials()).toHaveLength(1); // the device keeps it; the server no longer knows it
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Authentication failed');
});
