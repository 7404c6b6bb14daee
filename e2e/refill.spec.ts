import { expect, type Page } from '@playwright/test';
import type { Medication } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, test } from './support';
import { addChild, addTasks, giveNowIfEarly, signUp, todayInZone } from './today-support';

// Medication stock and refill (issue 12; docs/notifications.md, "Refill reminders"): a caregiver adds
// a medication with a stock, gives its dose on Today, sees the stock go down, and refills it. The
// dose task goes in through the API; the clicks are the caregiver's. Walked on a phone, the refills on a
// desktop; every screen and dialog is checked with axe on the phone and on a desktop.

/** Axe on the page or on the open dialog, at rest (no hover colours), on the phone and on a desktop. */
async function expectAccessible(page: Page, what: 'page' | 'dialog' = 'page'): Promise<void> {
  await expectAccessibleOnPhoneAndDesktop(page, what === 'dialog' ? '.ant-modal' : 'body', () => page.mouse.move(0, 0));
}

test('add a medication with stock, give its dose on Today, see the stock go down, refill it', async ({ page, baseURL }) => {
  test.setTimeout(300_000); // three dialogs and axe on each at two widths, on 2 shared cores (up to 3 min seen under load)
  await signUp(page, baseURL!, 'Maria', 'Rivera');
  const child = await addChild(page, baseURL!, 'Sam', 'Rivera');
  await page.goto('/');
  const main = page.getByRole('main');
  const medications = main.getByRole('region', { name: 'Medications' });
  let medication: Medication;

  await test.step('add a medication with a stock under "Track stock"', async () => {
    await medications.getByRole('button', { name: 'Add Medication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Medication' });
    await dialog.getByLabel('Medication Name').fill('Baclofen');
    await dialog.getByLabel('Dosage').fill('5 mg');
    await expect(dialog.getByLabel('Amount on hand')).toBeHidden();
    await dialog.getByText('Track stock (optional)').click();
    await dialog.getByLabel('Amount on hand').fill('10');
    await expect(dialog.getByLabel('Amount per dose')).toHaveValue('1');
    await expect(dialog.getByLabel('Remind me when fewer than (days) left')).toHaveValue('7');
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: 'Add Medication' }).click();
    await expect(dialog).toBeHidden();
    const list = await getJson<Medication[]>(page, `/api/children/${child.id}/medications`);
    medication = list.find((m) => m.name === 'Baclofen')!;
    expect(medication).toMatchObject({ stock: 10, unit: 'tablets', doseAmount: 1, refillThresholdDays: 7 });
    await expect(medications.getByRole('listitem').filter({ hasText: 'Baclofen' })).toContainText('10 tablets left');
  });

  await test.step('give the dose on Today: the stock goes down', async () => {
    const [dose] = await addTasks(page, baseURL!, child.id, {
      name: 'Give Baclofen',
      category: 'medication',
      medicationId: medication.id,
      scheduledTimes: ['23:59'],
      scheduledDate: todayInZone(),
    });
    await page.reload();
    const item = medications.getByRole('listitem').filter({ hasText: 'Baclofen' });
    // One dose in the next 7 days: 10 tablets last about 70 days.
    await expect(item).toContainText(/10 tablets left, about \d+ days/);
    const tasks = main.getByRole('region', { name: "Today's Tasks" });
    await tasks.getByRole('checkbox', { name: 'Complete Give Baclofen' }).click();
    await giveNowIfEarly(page, dose.scheduledTime);
    await expectToast(page, 'Great job! ✨');
    await expect(item).toContainText('9 tablets left');
    await expectAccessible(page);
  });

  await test.step('refill (from here on a desktop): "Add to stock" defaults to 30, and says "Refilled +30"', async () => {
    await page.setViewportSize(DESKTOP);
    await medications.getByRole('button', { name: 'Refill Baclofen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to stock' });
    await expect(dialog).toContainText('Baclofen: 9 tablets on hand now');
    const amount = dialog.getByLabel('Amount to add (tablets)');
    await expect(amount).toHaveValue('30');
    await expect(amount).toBeFocused();
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: 'Add to stock' }).click();
    await expectToast(page, 'Refilled +30');
    await expect(dialog).toBeHidden();
    const item = medications.getByRole('listitem').filter({ hasText: 'Baclofen' });
    await expect(item).toContainText('39 tablets left');
  });

  await test.step('the next refill offers the last amount; a bad amount is refused in place', async () => {
    await medications.getByRole('button', { name: 'Refill Baclofen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to stock' });
    const amount = dialog.getByLabel('Amount to add (tablets)');
    await expect(amount).toHaveValue('30');
    await amount.fill('');
    await dialog.getByRole('button', { name: 'Add to stock' }).click();
    await expect(dialog.getByText('Amount must be a number more than 0')).toBeVisible();
    await amount.fill('12.5');
    await dialog.getByRole('button', { name: 'Add to stock' }).click();
    await expectToast(page, 'Refilled +12.5');
    await expect(medications.getByRole('listitem').filter({ hasText: 'Baclofen' })).toContainText('51.5 tablets left');
    await expectAccessible(page);
  });
});
