import { expect } from '@playwright/test';
import type { Child, Medication, TaskTemplate } from '@carecircle/libs';
import { expectNoSeriousA11yViolations, expectToast, getJson, registerThroughApi, test, uniqueEmail } from './support';
import { addChild } from './today-support';

// Issue 9, item 1: the pasted schedule a caregiver would type comes back right in the review: both
// medications at their times, a dose without a name flagged and blocked until named, an as-needed item
// listed but not scheduled; approving saves the parsed medications as the person's medications.

const SCHEDULE = 'Tylenol 5ml at 8am and 8pm daily, Vitamin D once a day with breakfast\n8am 2.5 ml\nMotrin 100mg as needed for pain';

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test(`a pasted schedule is reviewed and its medications saved (${viewport.width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    await registerThroughApi(page.request, baseURL!, { email: uniqueEmail('parser'), firstName: 'Rosa', lastName: 'Diaz' });
    // The first recipient comes from onboarding; Add Person (this flow) adds the next ones.
    await addChild(page, baseURL!, 'Ana', 'Diaz');
    await page.goto('/settings?tab=children');

    const wizard = page.getByRole('dialog', { name: 'Add Person' });
    await page.getByRole('button', { name: 'Add Person' }).click();
    await wizard.getByLabel('Name', { exact: true }).fill('Leo Diaz');
    await wizard.getByRole('button', { name: 'Next: Add Care Schedule' }).click();
    await wizard.getByLabel('Medication schedule').fill(SCHEDULE);
    await wizard.getByRole('button', { name: 'Parse My Schedule' }).click();
    await expect(wizard.getByText('4 tasks found in your schedule.')).toBeVisible();
    await wizard.getByRole('button', { name: 'Review All Tasks (4 medications + 0 routine tasks)' }).click();

    const review = page.getByRole('dialog', { name: 'Review Daily Tasks for Leo Diaz' });
    const morning = review.getByRole('region', { name: '8:00 AM' });
    const evening = review.getByRole('region', { name: '8:00 PM' });
    const create = review.getByRole('button', { name: 'Create 4 Task(s)' });

    await test.step('both medications at the right times, the unnamed dose flagged, the as-needed item listed', async () => {
      await expect(review.getByRole('heading', { level: 3 })).toHaveText(['8:00 AM', '8:00 PM', 'Not scheduled', 'Schedule Settings']);
      await expect(morning.getByRole('listitem')).toHaveCount(3);
      await expect(morning.getByRole('listitem').filter({ hasText: 'Tylenol' })).toContainText('Dosage: 5 ml');
      await expect(morning.getByRole('listitem').filter({ hasText: 'Vitamin D' })).toHaveCount(1);
      await expect(morning.getByRole('listitem').filter({ hasText: 'Needs a name' })).toContainText('Dosage: 2.5 ml');
      await expect(evening.getByRole('listitem')).toHaveCount(1);
      await expect(evening).toContainText('Tylenol');
      // No task is named from leftover text.
      await expect(review).not.toContainText('daily, Vitamin D');
      const notScheduled = review.getByRole('region', { name: 'Not scheduled' });
      await expect(notScheduled).toContainText('Motrin');
      await expect(notScheduled).toContainText('100 mg · as needed, not scheduled');
      await expect(notScheduled.getByRole('checkbox', { name: 'Save Motrin as medication' })).toBeChecked();
      await expect(morning.getByRole('checkbox', { name: 'Save Tylenol as medication' })).toBeChecked();
      await expectNoSeriousA11yViolations(page, '.task-review-dialog');
    });

    await test.step('approving waits until the flagged task has a name', async () => {
      await expect(create).toBeDisabled();
      await expect(review.getByText('Give every task that needs a name a name first.')).toBeVisible();
      await review.getByRole('button', { name: 'Edit task that needs a name' }).click();
      await expect(review.getByLabel('Task Name')).toHaveValue('');
      await review.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(review.getByText('Task name is required')).toBeVisible();
      await review.getByLabel('Task Name').fill('Keppra');
      await review.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(morning.getByRole('listitem').filter({ hasText: 'Keppra' })).toContainText('Dosage: 2.5 ml');
      await expect(review.getByText('Needs a name')).toHaveCount(0);
      await expect(morning.getByRole('checkbox', { name: 'Save Keppra as medication' })).toBeChecked();
      await expect(create).toBeEnabled();
      await expectNoSeriousA11yViolations(page, '.task-review-dialog');
    });

    await test.step('approve: the tasks at their times, the medications saved once each', async () => {
      await create.click();
      await expectToast(page, 'Leo has been added successfully!');
      const leo = (await getJson<Child[]>(page, '/api/children')).find((child) => child.name === 'Leo Diaz')!;
      const templates = await getJson<TaskTemplate[]>(page, `/api/children/${leo.id}/task-templates`);
      expect(templates.map((t) => [t.name, t.scheduledTimes.join()]).sort()).toEqual([
        ['Keppra', '08:00'], ['Tylenol', '08:00'], ['Tylenol', '20:00'], ['Vitamin D', '08:00'],
      ]);
      const medications = await getJson<Medication[]>(page, `/api/children/${leo.id}/medications`);
      expect(medications.map((m) => [m.name, m.dosage, m.instructions ?? null]).sort()).toEqual([
        ['Keppra', '2.5 ml', null], ['Motrin', '100 mg', 'As needed'], ['Tylenol', '5 ml', null],
      ]);

      await page.getByRole('button', { name: 'Medications for Leo Diaz' }).click();
      const list = page.getByRole('region', { name: 'Medications for Leo Diaz' }).getByRole('list', { name: "Leo Diaz's medications" });
      for (const text of ['Tylenol', '5 ml', 'Keppra', '2.5 ml', 'Motrin', 'As needed']) await expect(list).toContainText(text);
      await expectNoSeriousA11yViolations(page, '.care-recipients-panel');
    });
  });
}
