import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PASSWORD, registerThroughApi, test, uniqueEmail } from './support';

// Delete Account from Settings > Account, the way a caregiver would: the danger zone, the password
// asked again (a wrong one is refused in the dialog), then signed out to the landing page with the
// account and its care recipient gone. At the phone width of the config and on a desktop.

async function expectNoSeriousA11yViolations(page: Page, include: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

for (const [label, viewport] of [
  ['phone', { width: 360, height: 740 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a caregiver deletes their account from Settings > Account (${label})`, async ({ page, baseURL }) => {
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
      await expectNoSeriousA11yViolations(page, '.ant-modal');

      await dialog.getByLabel('Enter your password to confirm').fill('not my password');
      await confirm.click();
      await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.');
      expect((await page.request.get('/api/auth/user')).status()).toBe(200); // still here

      await dialog.getByLabel('Enter your password to confirm').fill(PASSWORD);
      await confirm.click();
      await expect(page).toHaveURL(new URL('/', baseURL).toString());
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Care is a team effort'); // the public landing page
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
      const signIn = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD }, headers: { Origin: baseURL! } });
      expect(signIn.status()).toBe(401);
    });
  });
}
