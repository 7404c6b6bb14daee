import { expect, type Page } from '@playwright/test';
import { DESKTOP, expectToast, PHONE, test, toasts } from './support';
import { addChild, addTasks, expectNoSeriousA11yViolations, signUp, todayInZone } from './today-support';

// One caregiver's day on the Today screen. Tasks are created through the API; the clicks are the
// caregiver's. Times are chosen so that the outcome does not depend on when the test runs: 00:00 is
// already past (overdue), 23:58 and 23:59 are still ahead.
test('a caregiver completes a task with a note, undoes it, reads its history and removes another', async ({ page, baseURL }) => {
  const user = await signUp(page, baseURL!, 'Maria', 'Rivera');
  const child = await addChild(page, baseURL!, 'Sam', 'Rivera');
  const today = todayInZone();
  const [meds] = await addTasks(page, baseURL!, child.id, {
    name: 'Give Keppra',
    description: '0.5 ml with breakfast',
    category: 'medication',
    isUrgent: true,
    priority: 'high',
    scheduledTimes: ['00:00'],
    scheduledDate: today,
  });
  const [stretches] = await addTasks(page, baseURL!, child.id, {
    name: 'Stretching with PT',
    category: 'therapy_session',
    scheduledTimes: ['23:59'],
    scheduledDate: today,
  });
  await addTasks(page, baseURL!, child.id, {
    name: 'Neurology follow-up',
    category: 'appointment',
    scheduledTime: '23:58',
    scheduledDate: today,
    appointmentDetails: {
      type: 'doctor',
      startTime: '23:58',
      endTime: '23:59',
      location: 'Children’s Hospital, Clinic B',
      attendees: 'Maria, Dr. Chen',
      reminders: ['24h', '2h'],
      travelTime: 30,
      prepTime: 15,
    },
  });

  await page.goto('/');
  const main = page.getByRole('main');
  const tasks = main.getByRole('region', { name: "Today's Tasks" });

  await test.step('the day is laid out: overdue slot first, urgent count, progress, appointments', async () => {
    await expect(main.getByText('Sam Rivera', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Day' }).getByText('Today', { exact: true })).toBeVisible();
    await expect(main.getByText('1 urgent task overdue')).toBeVisible();
    const slotButtons = tasks.getByRole('button', { expanded: true });
    await expect(slotButtons).toHaveCount(3);
    await expect(slotButtons.first()).toContainText('12:00 AM');
    await expect(slotButtons.first()).toContainText('Overdue');
    await expect(slotButtons.nth(1)).toContainText('11:58 PM');
    await expect(slotButtons.nth(1)).toContainText('APPT TIME');
    const card = tasks.getByRole('listitem', { name: 'Give Keppra' });
    await expect(card).toContainText('0.5 ml with breakfast');
    await expect(card).toContainText('Medication');
    await expect(card.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: 'Medication' })).toBeVisible();
    const progress = main.getByRole('region', { name: 'Progress today' });
    await expect(progress).toContainText('Completed0%');
    await expect(progress).toContainText('Day Streak0');
    const appointments = main.getByRole('region', { name: 'Upcoming Appointments' });
    await expect(appointments).toContainText('Neurology follow-up');
    await expectNoSeriousA11yViolations(page);
  });

  await test.step('an appointment shows its details on request', async () => {
    const card = tasks.getByRole('listitem', { name: 'Neurology follow-up' });
    await expect(card.getByText('APPOINTMENT', { exact: true })).toBeVisible();
    await expect(card.getByText('Attendees')).toHaveCount(0);
    await card.getByRole('button', { name: 'Show Details' }).click();
    await expect(card.getByText('Maria, Dr. Chen')).toBeVisible();
    await expect(card.getByText('30 min')).toBeVisible();
    await expect(card.getByText('24 hours before, 2 hours before')).toBeVisible();
    await card.getByRole('button', { name: 'Hide Details' }).click();
    await expect(card.getByText('Maria, Dr. Chen')).toHaveCount(0);
  });

  await test.step('complete with a note from the details dialog', async () => {
    await tasks.getByRole('button', { name: 'Give Keppra', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Give Keppra' });
    await expect(dialog).toContainText('Urgent');
    await expect(dialog).toContainText('Overdue');
    await dialog.getByLabel('Notes (optional)').fill('Took it with applesauce');
    await dialog.getByRole('button', { name: 'Mark Complete' }).click();
    await expectToast(page, 'Great job! ✨');
    await expectToast(page, 'Give Keppra completed! Keep up the amazing care! 💪');
    await expect(dialog).toBeHidden();
    const card = tasks.getByRole('listitem', { name: 'Give Keppra' });
    await expect(card.getByRole('checkbox', { name: 'Complete Give Keppra' })).toBeChecked();
    await expect(card).toContainText(/Completed at \d{1,2}:\d{2} [AP]M by Maria Rivera/);
    await expect(card).toContainText('Note: Took it with applesauce');
    await expect(main.getByText('1 urgent task overdue')).toHaveCount(0);
    await expect(main.getByRole('region', { name: 'Progress today' })).toContainText('Completed33%');
  });

  await test.step('undo by unticking', async () => {
    const checkbox = tasks.getByRole('checkbox', { name: 'Complete Give Keppra' });
    // A click, not uncheck(): the box follows the server's answer, not the click.
    await checkbox.click();
    await expectToast(page, 'Task Uncompleted');
    await expect(checkbox).not.toBeChecked();
    await expect(tasks.getByRole('listitem', { name: 'Give Keppra' })).not.toContainText('Completed at');
    await checkbox.click();
    await expectToast(page, 'Great job! ✨');
    await expect(checkbox).toBeChecked();
  });

  await test.step('the History tab says who did what and when', async () => {
    await tasks.getByRole('button', { name: 'Give Keppra', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Give Keppra' });
    await dialog.getByRole('tab', { name: 'History' }).click();
    const history = dialog.getByRole('list', { name: 'History of Give Keppra' });
    // In order; the overdue worker may add its own 'Became urgent and overdue' line in between.
    await expect(history.getByRole('listitem')).toContainText([
      'Scheduled',
      'Completed',
      'Marked not done',
      'Completed',
    ]);
    await expect(history.getByRole('listitem').filter({ hasText: 'Note: Took it with applesauce' })).toHaveCount(1);
    await expect(history.getByRole('listitem').last()).toContainText(
      /^Completedby Maria Rivera · \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/,
    );
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('remove a task: a reason is required and kept for auditors', async () => {
    await tasks.getByRole('button', { name: 'Remove Stretching with PT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Task' });
    const confirm = dialog.getByRole('button', { name: 'Remove Task' });
    await expect(confirm).toBeDisabled();
    const reason = dialog.getByLabel('Reason for removing');
    expect(await reason.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThanOrEqual(80);
    await reason.fill('  ');
    await expect(dialog.getByText('Reason Required: Please provide a reason for removing this task.')).toBeVisible();
    await expect(confirm).toBeDisabled();
    await reason.fill('Therapist is on holiday');
    await confirm.click();
    await expectToast(page, 'Task Removed');
    await expect(dialog).toBeHidden();
    await expect(tasks.getByRole('listitem', { name: 'Stretching with PT' })).toHaveCount(0);

    const history = await page.request.get(`/api/tasks/${stretches.id}/history`);
    expect(history.status()).toBe(200);
    const removal = ((await history.json()) as { items: { type: string; data: { reason?: string }; actorId: string }[] }).items.at(-1);
    expect(removal).toMatchObject({ type: 'TaskRemoved', data: { reason: 'Therapist is on holiday' }, actorId: user.id });
  });

  await test.step('move between days', async () => {
    const day = page.getByRole('navigation', { name: 'Day' });
    await day.getByRole('button', { name: 'Next day' }).click();
    await expect(day.getByText('Tomorrow', { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Tasks for Tomorrow', exact: true })).toBeVisible();
    await expect(main.getByText('No tasks for tomorrow')).toBeVisible();
    await expect(main.getByText('Tasks will appear here when you add them or sync from your calendar')).toBeVisible();
    await day.getByRole('button', { name: 'Previous day' }).click();
    await day.getByRole('button', { name: 'Previous day' }).click();
    await expect(day.getByText('Yesterday', { exact: true })).toBeVisible();
    await day.getByRole('button', { name: 'Go to Today' }).click();
    await expect(day.getByText('Today', { exact: true })).toBeVisible();
    await expect(tasks.getByRole('listitem', { name: meds.name })).toBeVisible();
  });

  await test.step('a collapsed slot sums up its tasks', async () => {
    const slot = tasks.getByRole('button', { name: /^12:00 AM/ });
    await slot.click();
    await expect(slot).toHaveAttribute('aria-expanded', 'false');
    await expect(tasks.getByText('All 1 completed')).toBeVisible();
    await slot.click();
    await expect(tasks.getByRole('listitem', { name: 'Give Keppra' })).toBeVisible();
  });
});

// The day's reads are held by the page's route below (the service worker, which would make them
// itself, is blocked as in most specs: playwright.config.ts).
test('on a phone the tasks come first; a tick by keyboard keeps focus and the toast offers Undo', async ({ page, baseURL }) => {
  await signUp(page, baseURL!, 'Nora', 'Reyes');
  const child = await addChild(page, baseURL!, 'Eli', 'Reyes');
  await addTasks(page, baseURL!, child.id, {
    name: 'Tylenol',
    category: 'medication',
    scheduledTimes: ['00:00', '23:59'],
    scheduledDate: todayInZone(),
  });
  await page.goto('/');

  const main = page.getByRole('main');
  const tasksHeading = main.getByRole('heading', { name: "Today's Tasks" });
  await expect(tasksHeading).toBeVisible();
  // The first task is on the first screen, above progress and appointments.
  const morning = page.getByRole('checkbox', { name: 'Complete Tylenol at 12:00 AM' });
  await expect(morning).toBeInViewport();
  const headingBox = (await tasksHeading.boundingBox())!;
  const progressBox = (await main.getByText('Completed', { exact: true }).first().boundingBox())!;
  expect(headingBox.y).toBeLessThan(progressBox.y);
  // Two doses of the same medicine are told apart by their time.
  await expect(page.getByRole('checkbox', { name: 'Complete Tylenol at 11:59 PM' })).toBeVisible();

  // The box shows the server's answer to the tick; the day's own reading again (held here, as on a
  // slow network) only follows, and is let through after.
  let releaseDay!: () => void;
  const dayHeld = new Promise<void>((resolve) => (releaseDay = resolve));
  const dayReads = /\/api\/tasks\?/;
  await page.route(dayReads, async (route) => {
    await dayHeld;
    await route.continue();
  });
  await morning.focus();
  await page.keyboard.press('Space');
  await expectToast(page, 'Great job! ✨');
  await expect(morning).toBeChecked();
  await expect(morning).toBeFocused();
  releaseDay();
  // The toast sits below the header on a phone, above the bottom navigation.
  const toastBox = (await toasts(page).getByRole('status').boundingBox())!;
  expect(toastBox.y).toBeGreaterThan(headingBox.y);

  await toasts(page).getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Task Uncompleted');
  await expect(morning).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
});

/**
 * The contrast of the focused element's ring (its outline) with the surface it sits on (the nearest
 * ancestor with a background); 0 when it has no ring or was not focused by keyboard.
 */
function focusRingContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    if (!element.matches(':focus-visible') || style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return 0;
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    let surface = 'rgb(255, 255, 255)';
    for (let node = element.parentElement; node; node = node.parentElement) {
      const [, , , alpha = 1] = channels(getComputedStyle(node).backgroundColor);
      if (alpha > 0) {
        surface = getComputedStyle(node).backgroundColor;
        break;
      }
    }
    const luminance = (color: string) => {
      const [r, g, b] = channels(color).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [luminance(style.outlineColor), luminance(surface)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

test('by keyboard, on a phone and on a desktop: Tab stays in a task\'s Details dialog, and button focus rings read at 3:1', async ({ page, baseURL }) => {
  await signUp(page, baseURL!, 'Tess', 'Ward');
  const child = await addChild(page, baseURL!, 'Ivy', 'Ward');
  await addTasks(page, baseURL!, child.id, { name: 'Baclofen', category: 'medication', scheduledTimes: ['23:59'], scheduledDate: todayInZone() });
  await page.goto('/');
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.getByRole('main').getByRole('button', { name: 'Baclofen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Baclofen' });
    await expect(dialog.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
    const focusInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 1; press <= 10; press += 1) {
        await page.keyboard.press(key);
        expect(await focusInDialog(), `${viewport.width} px, ${key} #${press}`).toBe(true);
      }
    }
    // A secondary button (Close), an icon button (the dialog's x) and a primary one, reached by Tab.
    for (const button of [dialog.getByRole('button', { name: 'Close' }).last(), dialog.getByRole('button', { name: 'Close' }).first(), dialog.getByRole('button', { name: 'Mark Complete' })]) {
      for (let press = 0; press < 12 && !(await button.evaluate((element) => element === document.activeElement)); press += 1) await page.keyboard.press('Tab');
      await expect(button).toBeFocused();
      expect(await focusRingContrast(page), `${viewport.width} px`).toBeGreaterThanOrEqual(3);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // An icon button on the page itself.
    await page.getByRole('button', { name: 'Manage care recipients' }).focus();
    expect(await focusRingContrast(page), `${viewport.width} px`).toBeGreaterThanOrEqual(3);
  }
});
