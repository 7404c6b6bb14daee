import { expect } from '@playwright/test';
import { DESKTOP, expectNoSeriousA11yViolations, expectToast, PHONE, registerThroughApi, test, uniqueEmail } from './support';
import { dateInZone, ZONE } from './today-support';

// The calendar page and appointments, clicked the way a caregiver would on a phone.

test('a caregiver adds an appointment and finds it on the calendar and the dashboard', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('calendar'), firstName: 'Ana', lastName: 'Silva' });
  const headers = { Origin: baseURL! };
  expect((await page.request.patch('/api/user/timezone', { data: { timezone: ZONE }, headers })).ok()).toBe(true);
  expect((await page.request.post('/api/children', { data: { firstName: 'Leo', lastName: 'Silva' }, headers })).status()).toBe(201);

  const main = page.getByRole('main');
  const schedule = main.locator('.calendar-card').filter({ has: page.getByRole('heading', { name: 'Daily Schedule' }) });
  const todays = main.locator('.calendar-card').filter({ has: page.getByRole('heading', { name: "Today's Appointments" }) });

  await test.step('the calendar page: an empty week, and sync says to connect Google Calendar first', async () => {
    const missingRoutes: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/api/')) missingRoutes.push(response.url());
    });
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    // The spec's entries: Today, Care Hub, then Quick Add, then Groups and Settings.
    await expect(nav.getByRole('link')).toHaveText(['Today', 'Care Hub', 'Groups', 'Settings']);
    const days = page.getByRole('group', { name: 'Choose a day' }).getByRole('button');
    await expect(days).toHaveCount(7);
    await expect(days.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(days.first()).toHaveAccessibleName(/^Today \d+$/);
    await expect(schedule.getByText('No tasks scheduled for this day')).toBeVisible();
    await expect(todays.getByText('No appointments today.')).toBeVisible();
    // The browser tests' server has Google configured (e2e/google-fake.mjs); not connected yet.
    await expect(main.getByRole('button', { name: 'Connect Google Calendar' })).toBeEnabled();
    await main.getByRole('button', { name: 'Sync' }).click();
    await expectToast(page, 'Sync Failed');
    await expectToast(page, 'Connect Google Calendar first.');
    await expectNoSeriousA11yViolations(page);
    expect(missingRoutes).toEqual([]);
  });

  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });

  await test.step('Quick Add > Add Appointment checks type, times and their order', async () => {
    await page.getByRole('button', { name: 'Quick Add' }).click();
    await page.getByRole('menuitem', { name: 'Add Appointment' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Start time')).toHaveValue('09:00');
    await expect(dialog.getByLabel('End time')).toHaveValue('10:00');
    await expect(dialog.getByRole('checkbox', { name: '24 hours before' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: '2 hours before' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: '30 minutes before' })).not.toBeChecked();

    await dialog.getByLabel('Title').fill('Neurology follow-up');
    await dialog.getByLabel('End time').fill('');
    await dialog.getByRole('button', { name: 'Add Appointment' }).click();
    await expect(dialog.getByText('Please select an appointment type.')).toBeVisible();
    await expect(dialog.getByText('Please set both start and end times.')).toBeVisible();

    await dialog.getByLabel('Appointment type').selectOption({ label: 'Doctor' });
    await dialog.getByLabel('Kind of visit').selectOption({ label: 'Specialist' });
    await dialog.getByLabel('Start time').fill('14:00');
    await dialog.getByLabel('End time').fill('13:30');
    await dialog.getByRole('button', { name: 'Add Appointment' }).click();
    await expect(dialog.getByText('End time must be after start time.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '.ant-modal');
  });

  await test.step('save it for today', async () => {
    await dialog.getByLabel('End time').fill('15:00');
    await dialog.getByLabel('Address').fill('Children\'s Hospital, 3rd floor');
    await dialog.getByLabel('Attendees or provider').fill('Dr. Chen');
    await dialog.getByLabel('Travel time (minutes)').fill('30');
    await dialog.getByLabel('Additional details').fill('Bring the seizure diary');
    const created = page.waitForResponse((response) => /\/api\/children\/[^/]+\/tasks$/.test(new URL(response.url()).pathname));
    await dialog.getByRole('button', { name: 'Add Appointment' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      name: 'Neurology follow-up',
      category: 'appointment',
      priority: 'high',
      isUrgent: true,
      scheduledDate: dateInZone(),
      scheduledTime: '14:00',
      appointmentDetails: {
        type: 'doctor',
        subtype: 'specialist',
        startTime: '14:00',
        endTime: '15:00',
        reminders: ['24h', '2h'],
        travelTime: 30,
        prepTime: 0,
      },
    });
    await expectToast(page, 'Appointment Added');
    await expect(dialog).toBeHidden();

    await expect(todays.getByText('Neurology follow-up')).toBeVisible();
    await expect(todays.getByText(/2:00 PM – 3:00 PM/)).toBeVisible();
    const slot = schedule.getByRole('region', { name: '2:00 PM' });
    await expect(slot.getByText('Neurology follow-up')).toBeVisible();
  });

  await test.step('edit it from Today\'s Appointments', async () => {
    await todays.getByRole('button', { name: 'Edit Neurology follow-up' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Appointment' });
    await expect(edit.getByLabel('Title')).toHaveValue('Neurology follow-up');
    await expect(edit.getByLabel('Additional details')).toHaveValue('Bring the seizure diary');
    await edit.getByLabel('Title').fill('Neurology check-in');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Appointment Updated');
    await expect(edit).toBeHidden();
    await expect(todays.getByText('Neurology check-in')).toBeVisible();
  });

  await test.step('an empty day offers Add Tasks, which goes to Today', async () => {
    await page.getByRole('group', { name: 'Choose a day' }).getByRole('button').nth(1).click();
    await expect(schedule.getByText('No tasks scheduled for this day')).toBeVisible();
    await schedule.getByRole('button', { name: 'Add Tasks' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(main.getByRole('region', { name: 'Upcoming Appointments' }).getByText('Neurology check-in')).toBeVisible();
  });
});

test('on a phone and on a desktop the day\'s Completed and Overdue tags read (axe), and a long name does not widen the page', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('calendar-tags'), firstName: 'Ana', lastName: 'Silva' });
  const headers = { Origin: baseURL! };
  expect((await page.request.patch('/api/user/timezone', { data: { timezone: ZONE }, headers })).ok()).toBe(true);
  const child = await page.request.post('/api/children', { data: { firstName: 'Leo', lastName: 'Silva' }, headers });
  const { id: childId } = (await child.json()) as { id: string };
  const longName = { firstName: 'Maximiliana-Alexandrina-Josephine', lastName: 'Montgomery-Featherstonehaugh-Wolfeschlegel' };
  expect((await page.request.post('/api/children', { data: longName, headers })).status()).toBe(201);
  const tasks = await page.request.post(`/api/children/${childId}/tasks`, {
    data: { name: 'Keppra', category: 'medication', scheduledDate: dateInZone(), scheduledTimes: ['00:00', '00:01'] },
    headers,
  });
  expect(tasks.status(), await tasks.text()).toBe(201);
  const [done] = (await tasks.json()) as { id: string }[];
  expect((await page.request.put(`/api/tasks/${done.id}/complete`, { data: {}, headers })).ok()).toBe(true);

  await page.goto('/calendar');
  await page.getByRole('combobox', { name: /recipient/i }).selectOption({ label: 'Leo Silva' });
  const schedule = page.getByRole('main').locator('.calendar-card').filter({ has: page.getByRole('heading', { name: 'Daily Schedule' }) });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expect(schedule.getByText('Completed', { exact: true })).toBeVisible();
    await expect(schedule.getByText('Overdue', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The recipient picker holds the long name without pushing the page sideways.
    // and Sync stays clear of the notification bell.
    const sync = await page.getByRole('button', { name: 'Sync' }).boundingBox();
    const bell = await page.getByRole('link', { name: 'Notifications' }).boundingBox();
    expect(sync!.x + sync!.width <= bell!.x || sync!.y >= bell!.y + bell!.height, `${viewport.width} px`).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${viewport.width} px`).toBeLessThanOrEqual(0);
  }
});
