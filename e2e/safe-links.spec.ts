import { expect, type Page } from '@playwright/test';
import { addChild, addTasks, expectAccessibleOnPhoneAndDesktop, signUp, todayInZone } from './today-support';
import { DESKTOP, PHONE, test } from './support';

// Links a caregiver stores (a telehealth video link) are https only, and the screen renders a stored
// link only when it passes the same rule: a link stored before the rule (served here by rewriting the
// API's answer, as an old event would) is not put into an href. (The offline service worker, which
// would make those reads itself out of the page's routes, is blocked, as in most specs.) Walked on a phone, the stored
// javascript: link on a desktop; the screens are checked with axe on the phone and on a desktop.

/** Rewrites every `videoLink` in the API's task answers, as if it had been stored before the rule. */
const TASK_READS = /\/api\/(tasks|children\/[^/]+\/tasks)\?/;
async function serveStoredVideoLink(page: Page, videoLink: string) {
  await page.route(TASK_READS, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/"videoLink":"[^"]*"/g, `"videoLink":${JSON.stringify(videoLink)}`);
    await route.fulfill({ response, body });
  });
}

test('a telehealth visit keeps only an https video link, and only a safe link is rendered', async ({ page, baseURL }) => {
  await signUp(page, baseURL!, 'Nora', 'Kim');
  const child = await addChild(page, baseURL!, 'Theo', 'Kim');
  await addTasks(page, baseURL!, child.id, {
    name: 'Video visit with Dr. Chen',
    category: 'appointment',
    scheduledTime: '23:58',
    scheduledDate: todayInZone(),
    appointmentDetails: {
      type: 'doctor',
      startTime: '23:58',
      endTime: '23:59',
      isTelemedicine: true,
      videoLink: 'https://meet.example.com/neuro-123',
      reminders: ['24h'],
      travelTime: 0,
      prepTime: 0,
    },
  });
  const main = page.getByRole('main');
  const card = main.getByRole('region', { name: "Today's Tasks" }).getByRole('listitem', { name: 'Video visit with Dr. Chen' });

  await test.step('a stored https link is offered as the way to join', async () => {
    await page.goto('/');
    await card.getByRole('button', { name: 'Show Details' }).click();
    await expect(card.getByRole('link', { name: 'Join video call' })).toHaveAttribute('href', 'https://meet.example.com/neuro-123');
    // antd's lighter hover colour is not what a reader sees at rest.
    await expectAccessibleOnPhoneAndDesktop(page, undefined, () => page.mouse.move(0, 0));
  });

  await test.step('a javascript: link stored before the rule is not rendered as a link', async () => {
    await serveStoredVideoLink(page, 'javascript:alert(document.cookie)');
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await card.getByRole('button', { name: 'Show Details' }).click();
    await expect(card.getByText('Attendees')).toBeVisible();
    await expect(card.getByRole('link')).toHaveCount(0);
    await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
    // A read the app makes meanwhile (a refetch) may still be in the handler: let it finish, then stop rewriting.
    await page.unrouteAll({ behavior: 'wait' });
    await page.setViewportSize(PHONE);
  });

  await test.step('Add Appointment refuses a video link that is not https', async () => {
    await page.getByRole('button', { name: 'Quick Add' }).click();
    await page.getByRole('menuitem', { name: 'Add Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
    await dialog.getByLabel('Title').fill('Follow-up call');
    await dialog.getByLabel('Appointment type').selectOption({ label: 'Doctor' });
    await dialog.getByRole('switch', { name: 'Telehealth (video) visit' }).click();
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/children\/[^/]+\/tasks$/.test(new URL(request.url()).pathname)) posted += 1;
    });
    for (const bad of ['javascript:alert(1)', 'http://meet.example.com/abc', '//evil.example/x']) {
      await dialog.getByLabel('Video link').fill(bad);
      await dialog.getByRole('button', { name: 'Add Appointment' }).click();
      await expect(dialog.getByText('Please enter a full link (https://...).')).toBeVisible();
    }
    expect(posted).toBe(0);
    await expectAccessibleOnPhoneAndDesktop(page);

    await dialog.getByLabel('Video link').fill('https://meet.example.com/follow-up');
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/children\/[^/]+\/tasks$/.test(new URL(response.url()).pathname));
    await dialog.getByRole('button', { name: 'Add Appointment' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ appointmentDetails: { isTelemedicine: true, videoLink: 'https://meet.example.com/follow-up' } });
    await expect(dialog).toBeHidden();
  });
});
