import { expect } from '@playwright/test';
import type { Child, Medication, Task, TaskTemplate } from '@carecircle/libs';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectNoSeriousA11yViolations, expectToast, getJson, registerThroughApi, test, toasts, uniqueEmail } from './support';
import { addChild, grantAccess, signUp } from './today-support';

// The settings Care Recipients panel, clicked through the way a caregiver would: add a person with a
// photo, a pasted medication schedule and a routine task, review and approve, then manage them.

/** A 1x1 PNG, made here rather than kept as a binary fixture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SCHEDULE = '8am Keppra 250mg and Oxybutynin 0.5 ml, 12pm cath, 9pm melatonin one';

// The tests share nothing (each registers its own caregivers): both workers may take them, so this
// long file does not keep one worker busy at the end of the run while the other waits.
test.describe.configure({ mode: 'parallel' });


function yearsSince(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  const now = new Date();
  const before = now.getMonth() + 1 < month || (now.getMonth() + 1 === month && now.getDate() < day);
  return now.getFullYear() - year - (before ? 1 : 0);
}

test('a caregiver adds a person with a photo, a pasted schedule and a routine task, then manages them in settings', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000); // nine steps with a photo upload, a parse and axe on each
  // The page's own cookie jar: registering signs the page in.
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('settings'), firstName: 'Ana', lastName: 'Lopez' });

  await test.step('open Settings > Care Recipients from the profile tab', async () => {
    await page.goto('/');
    // A new caregiver's Today opens the onboarding wizard; closed, the page is theirs.
    await page.getByRole('dialog', { name: 'Care Recipient Setup' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const tabs = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(tabs.getByRole('link')).toHaveText(['Profile', 'Calendar', 'Billing', 'Account']);
    await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'Manage Care Recipients' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=children$/);
    await expect(page.getByRole('heading', { name: 'Care Recipients', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Your First Care Recipient' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '.care-recipients-panel');
  });

  await test.step('with no one yet, Add Your First Care Recipient opens the onboarding wizard; Add Person comes with the second', async () => {
    await page.getByRole('button', { name: 'Add Your First Care Recipient' }).click();
    const onboarding = page.getByRole('dialog', { name: 'Care Recipient Setup' });
    await expect(onboarding).toBeVisible();
    await onboarding.getByRole('button', { name: 'Close' }).click();
    await expect(onboarding).toBeHidden();
    await addChild(page, baseURL!, 'Ben', 'Lopez');
    await page.reload();
    await expect(page.getByRole('article', { name: 'Ben Lopez' })).toBeVisible();
  });

  const wizard = page.getByRole('dialog', { name: 'Add Person' });

  await test.step('step 1: name required, date of birth, notes and a profile photo', async () => {
    await page.getByRole('button', { name: 'Add Person' }).click();
    await expect(wizard.getByText('Step 1 of 3')).toBeVisible();
    await wizard.getByRole('button', { name: 'Next: Add Care Schedule' }).click();
    await expect(wizard.getByText('Name is required')).toBeVisible();

    await wizard.getByLabel('Name', { exact: true }).fill('Maya Lopez');
    await wizard.getByLabel('Date of Birth').fill('2015-03-04');
    await wizard.getByLabel('Medical Notes').fill('Spina bifida; latex allergy');
    await wizard.getByLabel('Profile Photo').setInputFiles({ name: 'maya.png', mimeType: 'image/png', buffer: PNG });
    await expectToast(page, 'Upload Successful');
    await expect(wizard.getByRole('img', { name: 'Profile Photo preview' })).toHaveAttribute('src', /^\/api\/uploads\/.+\.png$/);
    await wizard.getByRole('button', { name: 'Next: Add Care Schedule' }).click();
  });

  await test.step('step 2: blank and unreadable schedules are explained, a real one is parsed', async () => {
    await expect(wizard.getByText('Step 2 of 3')).toBeVisible();
    await expect(wizard.getByRole('heading', { name: 'Smart Care Schedule Setup' })).toBeVisible();
    const parse = wizard.getByRole('button', { name: 'Parse My Schedule' });
    const text = wizard.getByLabel('Medication schedule');
    await expect(parse).toBeDisabled();

    await text.fill('   ');
    await expect(parse).toBeDisabled();
    await expect(wizard.getByText('No Schedule Text: Please enter your medication schedule to parse.')).toBeVisible();
    // The server, the source of truth, says the same for blank text.
    const blank = await page.request.post('/api/schedule/parse', { data: { text: '   ' }, headers: { Origin: baseURL! } });
    expect(blank.status()).toBe(400);
    expect((await blank.json()).message).toBe('No Schedule Text: Please enter your medication schedule to parse.');

    await text.fill('Keppra 250mg after school');
    await parse.click();
    await expect(wizard.getByText('No valid times found. Please include times like "9:00am" or "12pm"')).toBeVisible();

    await text.fill(SCHEDULE);
    await parse.click();
    await expect(wizard.getByText('Step 3 of 3')).toBeVisible();
    await expect(wizard.getByText('4 tasks found in your schedule.')).toBeVisible();
  });

  await test.step('step 3: add a routine task; the form starts over', async () => {
    await expect(wizard.getByRole('heading', { name: 'Add Routine Tasks' })).toBeVisible();
    const add = wizard.getByRole('button', { name: 'Add Task' });
    await expect(add).toBeDisabled();
    await wizard.getByLabel('Task Name').fill('Stretching exercises');
    await expect(add).toBeDisabled();
    await wizard.getByLabel('Time').fill('16:30');
    await wizard.getByLabel('Category').selectOption({ label: 'Therapy Session' });
    await expect(wizard.getByLabel('Priority Level')).toHaveValue('medium');
    await wizard.getByLabel('Priority Level').selectOption('high');
    await wizard.getByLabel('Description').fill('Hamstrings and calves, 10 minutes');
    await add.click();

    const routine = wizard.getByRole('list', { name: 'Routine tasks' });
    await expect(routine.getByRole('listitem')).toHaveCount(1);
    await expect(routine).toContainText('Stretching exercises');
    await expect(routine).toContainText('High priority');
    await expect(routine).toContainText('Therapy Session');
    await expect(routine).toContainText('4:30 PM');
    await expect(wizard.getByLabel('Task Name')).toHaveValue('');
    await expect(wizard.getByLabel('Time')).toHaveValue('');
    await expect(wizard.getByLabel('Category')).toHaveValue('therapy_session');
    await expect(wizard.getByLabel('Priority Level')).toHaveValue('medium');
    await expect(add).toBeDisabled();
  });

  const review = page.getByRole('dialog', { name: 'Review Daily Tasks for Maya Lopez' });

  await test.step('review: every task grouped by time; edit one row', async () => {
    await wizard.getByRole('button', { name: 'Review All Tasks (4 medications + 1 routine tasks)' }).click();
    await expect(review).toBeVisible();
    await expect(review.getByRole('listitem')).toHaveCount(5);
    await expect(review.getByRole('heading', { level: 3 })).toHaveText(['8:00 AM', '12:00 PM', '4:30 PM', '9:00 PM', 'Schedule Settings']);
    await expect(review.getByRole('region', { name: '8:00 AM' })).toContainText('Keppra');
    await expect(review.getByRole('region', { name: '8:00 AM' })).toContainText('Dosage: 0.5 ml');
    await expect(review.getByLabel('Sunday')).toBeChecked();
    await expectNoSeriousA11yViolations(page, '.task-review-dialog');

    await review.getByRole('button', { name: 'Edit cath' }).click();
    await expect(review.getByRole('button', { name: /^Create \d+ Task\(s\)$/ })).toBeDisabled();
    await review.getByLabel('Task Name').fill('Catheterize');
    await expect(review.getByRole('switch', { name: 'Mark as urgent' })).not.toBeChecked();
    await review.getByLabel('Priority Level').selectOption('high');
    // Priority high makes the task urgent.
    await expect(review.getByRole('switch', { name: 'Mark as urgent' })).toBeChecked();
    await review.getByRole('button', { name: 'Save', exact: true }).click();
    const noon = review.getByRole('region', { name: '12:00 PM' });
    await expect(noon).toContainText('Catheterize');
    await expect(noon).toContainText('High priority');
    await expect(noon.getByRole('img', { name: 'Urgent' })).toBeVisible();

    // Add Another Task adds 'New Task' at 09:00; this one is deleted again.
    await review.getByRole('button', { name: 'Add Another Task' }).click();
    await expect(review.getByLabel('Task Name')).toHaveValue('New Task');
    await expect(review.getByLabel('Time')).toHaveValue('09:00');
    await review.getByRole('button', { name: 'Cancel', exact: true }).first().click();
    await review.getByRole('button', { name: 'Delete New Task' }).click();
    await expect(review.getByRole('listitem')).toHaveCount(5);

    await review.getByRole('button', { name: 'Weekdays Only' }).click();
    await expect(review.getByLabel('Sunday')).not.toBeChecked();
    await expect(review.getByLabel('Monday')).toBeChecked();
    await review.getByRole('button', { name: 'Every Day' }).click();
    await expect(review.getByLabel('Sunday')).toBeChecked();
  });

  await test.step('approve: the recipient and five repeating tasks are created once', async () => {
    const bulkCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/tasks\/bulk$/.test(new URL(request.url()).pathname)) bulkCalls.push(request.url());
    });
    const create = review.getByRole('button', { name: 'Create 5 Task(s)' });
    // A second click while the first runs is ignored.
    await create.dblclick();
    await expectToast(page, 'Maya has been added successfully!');
    await expect(toasts(page).getByText('Success!', { exact: true })).toBeVisible();
    await expect(review).toBeHidden();
    await expect(wizard).toBeHidden();
    expect(bulkCalls).toHaveLength(1);

    const card = page.getByRole('article', { name: 'Maya Lopez' });
    await expect(card.getByRole('heading', { name: 'Maya Lopez' })).toBeVisible();
    await expect(card.getByText('Child', { exact: true })).toBeVisible();
    await expect(card.getByText(`Born: Mar 4, 2015 (${yearsSince('2015-03-04')} years old)`)).toBeVisible();
    await expect(card.getByText('Spina bifida; latex allergy')).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/uploads\/.+\.png$/);
    await expectNoSeriousA11yViolations(page, '.care-recipients-panel');

    // The tasks, checked through the API from the page's own session.
    const children = await getJson<Child[]>(page, '/api/children');
    expect(children.map((child) => child.name)).toEqual(['Ben Lopez', 'Maya Lopez']);
    const maya = children.find((child) => child.name === 'Maya Lopez')!;
    expect(maya).toMatchObject({ name: 'Maya Lopez', dateOfBirth: '2015-03-04', medicalNotes: 'Spina bifida; latex allergy' });
    const photo = await page.request.get(maya.profileImageUrl!);
    expect(photo.headers()['content-type']).toBe('image/png');

    const templates = await getJson<TaskTemplate[]>(page, `/api/children/${maya.id}/task-templates`);
    expect(templates.map((t) => t.name).sort()).toEqual(['Catheterize', 'Keppra', 'Oxybutynin', 'Stretching exercises', 'melatonin'].sort());
    const stretching = templates.find((t) => t.name === 'Stretching exercises')!;
    expect(stretching).toMatchObject({ category: 'therapy_session', priority: 'high', isUrgent: true, scheduledTimes: ['16:30'] });
    expect(templates.find((t) => t.name === 'Catheterize')).toMatchObject({ priority: 'high', isUrgent: true, scheduledTimes: ['12:00'] });

    const today = await getJson<Task[]>(page, `/api/tasks?childId=${maya.id}`);
    expect(today.map((t) => t.name).sort()).toEqual(['Catheterize', 'Keppra', 'Oxybutynin', 'Stretching exercises', 'melatonin'].sort());

    // And on the Today list, the way the caregiver will meet them.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
    const todays = page.getByRole('main').getByRole('region', { name: "Today's Tasks" });
    for (const name of ['Keppra', 'Oxybutynin', 'Catheterize', 'Stretching exercises', 'melatonin']) {
      await expect(todays.getByRole('listitem', { name })).toHaveCount(1);
    }
    await page.goto('/settings?tab=children');
    await expect(page.getByRole('article', { name: 'Maya Lopez' })).toBeVisible();
  });

  await test.step('manage medications with a photo', async () => {
    await page.getByRole('button', { name: 'Medications for Maya Lopez' }).click();
    const panel = page.getByRole('region', { name: 'Medications for Maya Lopez' });
    // The parsed medications were saved as Maya's medications on approve ("Save as medication" is on by default).
    const saved = panel.getByRole('list', { name: "Maya Lopez's medications" });
    for (const text of ['Keppra', '250 mg', 'Oxybutynin', '0.5 ml', 'melatonin']) await expect(saved).toContainText(text);
    await panel.getByRole('button', { name: 'Add Medication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Medication' });
    await expect(dialog.getByLabel('Dosage')).toHaveAttribute('placeholder', '0.5 ml');
    await dialog.getByLabel('Medication Name').fill('Baclofen');
    await dialog.getByLabel('Dosage').fill('250mg');
    await dialog.getByLabel('Instructions').fill('With breakfast');
    await dialog.getByLabel('Medication Photo').setInputFiles({ name: 'keppra.png', mimeType: 'image/png', buffer: PNG });
    await expectToast(page, 'Upload Successful');
    await dialog.getByRole('button', { name: 'Add Medication' }).click();
    await expect(dialog).toBeHidden();
    const list = panel.getByRole('list', { name: "Maya Lopez's medications" });
    await expect(list).toContainText('Baclofen');
    await expect(list).toContainText('250mg');
    await expect(list).toContainText('With breakfast');
    const children = await getJson<Child[]>(page, '/api/children');
    const maya = children.find((child) => child.name === 'Maya Lopez')!;
    const medications = await getJson<Medication[]>(page, `/api/children/${maya.id}/medications`);
    expect(medications.map((m) => m.name).sort()).toEqual(['Baclofen', 'Keppra', 'Oxybutynin', 'melatonin']);
    expect(medications.find((m) => m.name === 'Baclofen')!.photoUrl).toMatch(/^\/api\/uploads\/.+\.png$/);
  });

  await test.step('a file that is not an image is refused', async () => {
    await page.getByRole('button', { name: 'Add Person' }).click();
    await wizard.getByLabel('Profile Photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Upload Failed');
    await expect(wizard.getByRole('img', { name: 'Profile Photo preview' })).toHaveCount(0);
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await expect(wizard).toBeHidden();
  });

  await test.step('edit the recipient', async () => {
    await page.getByRole('button', { name: 'Edit Maya Lopez' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Maya Lopez' });
    await expect(dialog.getByLabel('Date of Birth')).toHaveValue('2015-03-04');
    // No pointer to a prayer setting: the app has none yet.
    await expect(dialog).not.toContainText(/prayer/i);
    await dialog.getByLabel('Name', { exact: true }).fill('Maya Rose Lopez');
    await dialog.getByLabel('Phone Number').fill('555-0101');
    await dialog.getByLabel('Email Address').fill('maya@example.com');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Care Recipient Updated');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Maya Rose Lopez' })).toBeVisible();
  });

  await test.step('remove the recipient', async () => {
    await page.getByRole('button', { name: 'Delete Maya Rose Lopez' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Care Recipient' });
    await expect(dialog).toContainText('permanently deletes their tasks, medications and progress');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(page, 'Care Recipient Removed');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Maya Rose Lopez' })).toHaveCount(0);
    expect((await getJson<Child[]>(page, '/api/children')).map((child) => child.name)).toEqual(['Ben Lopez']);
  });
});

test('the Care Recipients dialog on Today links to the settings panel; the panel works on a desktop too', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('settings-link'), firstName: 'Lee', lastName: 'Chen' });
  await addChild(page, baseURL!, 'Mia', 'Chen');
  await page.goto('/');
  await page.getByRole('button', { name: 'Manage care recipients' }).click();
  await page.getByRole('dialog', { name: 'Care Recipients' }).getByRole('link', { name: 'Set up medications and schedules in Settings' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=children$/);
  await expect(page.getByRole('heading', { name: 'Care Recipients', level: 2 })).toBeVisible();

  // Keyboard only: open the dialog, skip the schedule, add a routine task, review and create.
  await page.getByRole('button', { name: 'Add Person' }).focus();
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Add Person' });
  await expect(wizard.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type('Theo');
  await page.keyboard.press('Enter');
  await expect(wizard.getByText('Step 2 of 3')).toBeVisible();
  await wizard.getByRole('button', { name: 'Skip to Routine Tasks' }).press('Enter');
  await expect(wizard.getByText('Step 3 of 3')).toBeVisible();
  await wizard.getByLabel('Task Name').fill('Evening bath');
  await wizard.getByLabel('Time').fill('19:00');
  await wizard.getByLabel('Category').selectOption('hygiene_care');
  await wizard.getByLabel('Task Name').press('Enter');
  await wizard.getByRole('button', { name: 'Review All Tasks (0 medications + 1 routine tasks)' }).press('Enter');
  const review = page.getByRole('dialog', { name: 'Review Daily Tasks for Theo' });
  await review.getByRole('button', { name: 'Create 1 Task(s)' }).press('Enter');
  await expectToast(page, 'Theo has been added successfully!');
  const card = page.getByRole('article', { name: 'Theo' });
  // No date of birth: the age group is unknown.
  await expect(card.getByText('Care Recipient', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Born:/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '.settings-page');

  for (const tab of ['Profile', 'Calendar', 'Billing', 'Account']) {
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: tab }).click();
    await expect(page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page, '.settings-page');
  }
  await expect(page.getByRole('combobox', { name: 'Account Type' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
});

test('Manage Care Recipients on Today edits and deletes, for whoever may: the owner on a phone, a helper on a desktop', async ({ page, browser, baseURL }) => {
  const owner = await signUp(page, baseURL!, 'Lee', 'Chen');
  const mia = await addChild(page, baseURL!, 'Mia', 'Chen');
  await addChild(page, baseURL!, 'Theo', 'Chen');
  await page.goto('/');
  await page.getByRole('button', { name: 'Manage care recipients' }).click();
  const recipients = page.getByRole('dialog', { name: 'Care Recipients' });

  await recipients.getByRole('button', { name: 'Edit Theo Chen' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Theo Chen' });
  await edit.getByLabel('First name').fill('Teddy');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Care recipient updated successfully!');
  await expect(recipients.getByText('Teddy Chen', { exact: true })).toBeVisible();

  await recipients.getByRole('button', { name: 'Delete Teddy Chen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Teddy Chen?' });
  await expect(confirm).toContainText('permanently deleted');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Care recipient removed successfully');
  await expect(recipients.getByRole('listitem')).toHaveCount(1);
  await expectAccessibleOnPhoneAndDesktop(page, '.ant-modal');

  // A caregiver with edit rights may edit Mia but not delete her: the server keeps that to Mia's
  // primary caregiver. Her own Zoe she may delete.
  const helperContext = await browser.newContext({ baseURL, viewport: DESKTOP, reducedMotion: 'reduce' });
  const helper = await helperContext.newPage();
  const helperUser = await signUp(helper, baseURL!, 'Sam', 'Ortiz');
  await addChild(helper, baseURL!, 'Zoe', 'Ortiz');
  grantAccess(mia.id, owner.id, helperUser.id);
  await helper.goto('/');
  await helper.getByRole('button', { name: 'Manage care recipients' }).click();
  const shared = helper.getByRole('dialog', { name: 'Care Recipients' });
  await expect(shared.getByRole('button', { name: 'Edit Mia Chen' })).toBeVisible();
  await expect(shared.getByRole('button', { name: 'Delete Zoe Ortiz' })).toBeVisible();
  await expect(shared.getByRole('button', { name: 'Delete Mia Chen' })).toHaveCount(0);
  // Settings' recipient cards follow the same rule.
  await helper.keyboard.press('Escape');
  await helper.goto('/settings?tab=children');
  await expect(helper.getByRole('button', { name: 'Edit Mia Chen' })).toBeVisible();
  await expect(helper.getByRole('button', { name: 'Delete Zoe Ortiz' })).toBeVisible();
  await expect(helper.getByRole('button', { name: 'Delete Mia Chen' })).toHaveCount(0);
  await helperContext.close();
});
