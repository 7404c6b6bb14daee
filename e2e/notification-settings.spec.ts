import { expect, type Page } from '@playwright/test';
import type { EscalationPolicy, NotificationPreferences } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectToast, getJson, registerThroughApi, test, uniqueEmail } from './support';
import { addChild, signUp } from './today-support';

// Issue 12, Account tab: the notification checkboxes and quiet hours (saved on change, still there
// after a reload) and the escalation policy editor (primary caregivers) or its read-only summary
// (secondary caregivers). The primary's walk starts on a phone and ends on a desktop; each screen is
// checked with axe on the phone and on a desktop.

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const escalation = (page: Page) => page.getByRole('region', { name: 'Escalation for urgent tasks' });
const step = (page: Page, n: number) => escalation(page).getByRole('group', { name: `Step ${n}`, exact: true });

test('a primary caregiver changes the checkboxes and quiet hours, and edits the escalation policy; a reload keeps them', async ({ page, baseURL }) => {
  test.setTimeout(150_000); // a dozen saves, a reload and axe twice at two widths on a loaded machine
  await signUp(page, baseURL!, 'Nora', 'Reyes');
  await page.goto('/settings?tab=account');

  // All on by default, no quiet hours.
  const section = notifications(page);
  for (const label of ['Email me about overdue tasks', 'Achievement and reward emails', 'Push reminders']) {
    await expect(section.getByRole('checkbox', { name: label })).toBeChecked();
  }
  await expect(section.getByRole('checkbox', { name: 'Pause non-urgent notifications at night' })).not.toBeChecked();
  await expect(section.getByText('Only urgent alerts are sent during quiet hours')).toBeVisible();

  await section.getByRole('checkbox', { name: 'Email me about overdue tasks' }).click();
  await expectToast(page, 'Notification preferences saved');
  await section.getByRole('checkbox', { name: 'Achievement and reward emails' }).click();
  await expectToast(page, 'Notification preferences saved');
  await section.getByRole('checkbox', { name: 'Pause non-urgent notifications at night' }).click();
  await expect(section.getByLabel('From')).toHaveValue('22:00');
  await expect(section.getByLabel('To')).toHaveValue('07:00');
  await section.getByLabel('From').fill('21:30');
  await section.getByLabel('From').press('Tab');
  await expect
    .poll(async () => (await getJson<NotificationPreferences>(page, '/api/user/notification-preferences')).quietHours)
    .toEqual({ start: '21:30', end: '07:00' });
  // The same start and end is not sent: it says why.
  await section.getByLabel('To').fill('21:30');
  await expect(section.getByRole('alert')).toHaveText('Quiet hours must start and end at different times');
  await section.getByLabel('To').fill('06:45');
  await section.getByLabel('To').press('Tab');
  await expect
    .poll(async () => (await getJson<NotificationPreferences>(page, '/api/user/notification-preferences')).quietHours)
    .toEqual({ start: '21:30', end: '06:45' });
  await expectAccessibleOnPhoneAndDesktop(page, 'main');

  // The escalation policy: the default chain, edited.
  await expect(escalation(page).getByRole('group', { name: /^Step \d$/ })).toHaveCount(3);
  await step(page, 2).getByLabel('Minutes after the task’s time').fill('10');
  await step(page, 2).getByRole('checkbox', { name: 'Email' }).click();
  await escalation(page).getByRole('button', { name: 'Remove step 3' }).click();
  await escalation(page).getByRole('button', { name: 'Add step' }).click();
  await step(page, 3).getByLabel('Who').selectOption({ label: 'Emergency contacts' });
  await expect(step(page, 3).getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await expect(step(page, 3).getByRole('checkbox', { name: 'Push' })).toBeDisabled();
  await step(page, 3).getByLabel('Minutes after the task’s time').fill('5');
  await expect(escalation(page).getByRole('alert')).toHaveText('Step 3: it must come later than the step before it.');
  await expect(escalation(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  await step(page, 3).getByLabel('Minutes after the task’s time').fill('60');
  await expectAccessibleOnPhoneAndDesktop(page, 'main');
  await escalation(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Escalation policy saved');
  const saved: EscalationPolicy = {
    steps: [
      { afterMinutes: 0, notify: 'primary', channels: ['push', 'email', 'in_app'] },
      { afterMinutes: 10, notify: 'secondary_caregivers', channels: ['push', 'in_app'] },
      { afterMinutes: 60, notify: 'emergency_contacts', channels: ['email'] },
    ],
  };
  expect(await getJson<EscalationPolicy>(page, '/api/user/escalation-policy')).toEqual(saved);

  // The rest on a desktop.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(notifications(page).getByRole('checkbox', { name: 'Email me about overdue tasks' })).not.toBeChecked();
  await expect(notifications(page).getByRole('checkbox', { name: 'Achievement and reward emails' })).not.toBeChecked();
  await expect(notifications(page).getByRole('checkbox', { name: 'Push reminders' })).toBeChecked();
  await expect(notifications(page).getByLabel('From')).toHaveValue('21:30');
  await expect(notifications(page).getByLabel('To')).toHaveValue('06:45');
  await expect(step(page, 2).getByLabel('Minutes after the task’s time')).toHaveValue('10');
  await expect(step(page, 3).getByLabel('Who')).toHaveValue('emergency_contacts');
  await expect(escalation(page).getByRole('button', { name: 'Save' })).toBeDisabled();

  // Back to the default chain; quiet hours off.
  await escalation(page).getByRole('button', { name: 'Reset to default' }).click();
  await escalation(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Escalation policy saved');
  expect((await getJson<EscalationPolicy>(page, '/api/user/escalation-policy')).steps.map((s) => s.afterMinutes)).toEqual([0, 15, 45]);
  await notifications(page).getByRole('checkbox', { name: 'Pause non-urgent notifications at night' }).click();
  await expectToast(page, 'Notification preferences saved');
  await expect(notifications(page).getByLabel('From')).toHaveCount(0);
  expect((await getJson<NotificationPreferences>(page, '/api/user/notification-preferences')).quietHours).toBeNull();
});

test('a secondary caregiver sets their own checkboxes and sees the family’s escalation policy read-only', async ({ page, browser, baseURL }) => {
  // The primary caregiver (another browser) sets a policy and invites the secondary caregiver.
  const primaryContext = await browser.newContext({ baseURL });
  const primary = await primaryContext.newPage();
  await signUp(primary, baseURL!, 'Paula', 'Primary');
  await addChild(primary, baseURL!, 'Milo', 'Primary');
  const policy: EscalationPolicy = { steps: [{ afterMinutes: 5, notify: 'primary', channels: ['push'] }, { afterMinutes: 20, notify: 'secondary_caregivers', channels: ['push', 'in_app'] }] };
  const origin = { Origin: baseURL! };
  expect((await primary.request.put('/api/user/escalation-policy', { data: policy, headers: origin })).status()).toBe(200);

  const email = uniqueEmail('secondary');
  await registerThroughApi(page.request, baseURL!, { email, firstName: 'Sol', lastName: 'Second' });
  const invitation = await primary.request.post('/api/caregiver-invitations', { data: { inviteeEmail: email }, headers: origin });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const token = /accept-invitation\/([A-Za-z0-9_-]+)/.exec((await invitation.json()).acceptUrl)![1];
  expect((await page.request.post(`/api/caregiver-invitations/${token}/accept`, { headers: origin })).status()).toBe(200);
  await primaryContext.close();

  await page.goto('/settings?tab=account');
  await notifications(page).getByRole('checkbox', { name: 'Push reminders' }).click();
  await expectToast(page, 'Notification preferences saved');
  expect((await getJson<NotificationPreferences>(page, '/api/user/notification-preferences')).pushReminders).toBe(false);

  await expect(escalation(page).getByText('After 5 minutes')).toBeVisible();
  await expect(escalation(page).getByText('Secondary caregivers by push, in-app')).toBeVisible();
  await expect(escalation(page).getByText('Your primary caregiver sets this policy.')).toBeVisible();
  await expect(escalation(page).getByRole('button')).toHaveCount(0);
  await expectAccessibleOnPhoneAndDesktop(page, 'main');
});
