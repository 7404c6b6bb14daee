import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { CaregiverInvitation, Child } from '@carecircle/libs';
import { startSmtpInbox, type SmtpInbox } from '../backend/src/test-support/smtp-inbox';
import { expectNoSeriousA11yViolations, expectToast, getJson, PASSWORD, registerThroughApi, test, uniqueEmail } from './support';
import { addChild, addTasks, signUp, todayInZone } from './today-support';

// Issue 11's journey: a primary caregiver sets up on a phone and invites by email; the invitee gets the
// mail (a real SMTP server the app sends to), follows the link, creates an account, lands on the shared
// recipient's Today and completes a task, which the primary sees live. Then a view-only caregiver, and
// used and revoked links.

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
let inbox: SmtpInbox;

test.beforeAll(async () => {
  inbox = await startSmtpInbox(SMTP_PORT);
});
test.afterAll(async () => inbox?.close());

/** The invitation mail to `to`, and the accept link in it. */
async function invitationLinkFor(to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = inbox.messages.find((message) => message.to.includes(to));
    if (mail) {
      const link = /https?:\/\/\S+\/accept-invitation\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeTruthy();
      return link!;
    }
    if (Date.now() > deadline) throw new Error(`No invitation mail to ${to}; received: ${inbox.messages.map((m) => m.to.join(',')).join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A second person on their own phone (or desktop): a new browser context, watched for CSP violations like the first. */
async function newDevice(
  browser: Browser,
  watchCsp: (context: BrowserContext) => Promise<void>,
  viewport = { width: 360, height: 740 },
): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/New_York', reducedMotion: 'reduce' });
  await watchCsp(context);
  return context.newPage();
}

/**
 * The invitee opens the link signed out, creates an account on the way (the form starts with the
 * invited address), and comes back to accept, signed in: the app's navigation, no public Sign In.
 */
async function acceptAsNewUser(page: Page, link: string, firstName: string, email: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Care Team Invitation' })).toBeVisible();
  await expect(page.getByText('Please sign in to accept this invitation')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main');
  await page.getByRole('link', { name: 'Sign In to Accept Invitation' }).click();
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toBeEditable();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Kim');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/accept-invitation\//);
  await expect(page.getByText('You joined the care team.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByText('Access emergency contact information')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main');
}

test('a primary invites by email during onboarding; the caregiver joins from the mail and completes a task the primary sees live', async ({
  page,
  browser,
  baseURL,
  watchCsp,
}) => {
  test.setTimeout(150_000);
  const inviteeEmail = uniqueEmail('grace');
  await signUp(page, baseURL!, 'Jin', 'Kim');
  await page.goto('/');

  await test.step('the wizard on a phone: recipient, an invitation with edit rights, a daily task, a contact', async () => {
    const first = page.getByRole('dialog', { name: 'Care Recipient Setup' });
    await first.getByLabel('First Name').fill('Noah');
    await first.getByLabel('Last Name').fill('Kim');
    await first.getByLabel('Date of Birth').fill('2016-05-09');
    await first.getByRole('button', { name: 'Next' }).click();
    const invite = page.getByRole('dialog', { name: 'Add Secondary Caregiver (Optional)' });
    await invite.getByLabel('Name').fill('Grace');
    await invite.getByLabel('Email').fill(inviteeEmail);
    await invite.getByText('Can complete and change tasks').click();
    await invite.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Medication Setup' }).getByRole('button', { name: 'Skip' }).click();
    const tasks = page.getByRole('dialog', { name: 'Daily Tasks Setup' });
    await tasks.getByLabel('Task Name').fill('Stretches');
    await tasks.getByLabel('Another time').fill('23:59');
    await tasks.getByRole('button', { name: 'Add time' }).click();
    await tasks.getByRole('button', { name: 'Add Task' }).click();
    await tasks.getByRole('button', { name: 'Next' }).click();
    const contacts = page.getByRole('dialog', { name: 'Emergency Contacts' });
    await contacts.getByLabel('Name').fill('Grandma Sun');
    await contacts.getByLabel('Phone').fill('(415) 555-0132');
    await contacts.getByRole('button', { name: 'Add Contact' }).click();
    await contacts.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Complete Setup' }).click();
    await expectToast(page, 'Success!');
    await expect(page.getByRole('checkbox', { name: 'Complete Stretches at 11:59 PM' })).toBeVisible();
  });

  const grace = await newDevice(browser, watchCsp);
  await test.step('the invitee receives the mail, creates an account from the link and lands on Today', async () => {
    const link = await invitationLinkFor(inviteeEmail);
    await acceptAsNewUser(grace, link, 'Grace', inviteeEmail);
    await grace.getByRole('button', { name: 'Go to Today' }).click();
    await expect(grace.getByRole('main').getByText('Noah Kim', { exact: true })).toBeVisible();
  });

  await test.step('she completes the task; the primary sees it without reloading', async () => {
    // The checkbox shows the server's answer: it turns checked once the completion is stored.
    await grace.getByRole('checkbox', { name: 'Complete Stretches at 11:59 PM' }).click();
    await expect(grace.getByRole('checkbox', { name: 'Complete Stretches at 11:59 PM' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Complete Stretches at 11:59 PM' })).toBeChecked({ timeout: 15_000 });
    await expect(page.getByText('by Grace Kim')).toBeVisible();
  });

  await test.step('she reads the family emergency contacts but cannot change them', async () => {
    await grace.goto('/care-hub/emergency-contacts');
    const notice = grace.getByRole('dialog', { name: 'Important Notice' });
    if (await notice.isVisible()) await notice.getByRole('button', { name: 'I Understand' }).click();
    await expect(grace.getByText('Grandma Sun')).toBeVisible();
  });

  await grace.context().close();

  await test.step('the used link, opened by someone else, shows the error state', async () => {
    const other = await newDevice(browser, watchCsp);
    await registerThroughApi(other.request, baseURL!, { email: uniqueEmail('late'), firstName: 'Lee', lastName: 'Park' });
    await other.goto(await invitationLinkFor(inviteeEmail));
    await expect(other.getByText('This invitation has already been accepted.')).toBeVisible();
    await expect(other.getByRole('link', { name: 'Try Signing In' })).toBeVisible();
    await expectNoSeriousA11yViolations(other, 'main');
    await other.context().close();
  });
});

test('a view-only caregiver sees no controls that change things; revoked links stop working', async ({ page, browser, baseURL, watchCsp }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, baseURL!, 'Ada', 'Ng');
  const mia = await addChild(page, baseURL!, 'Mia', 'Ng');
  await addTasks(page, baseURL!, mia.id, { name: 'Evening bath', category: 'hygiene_care', scheduledDate: todayInZone(), scheduledTimes: ['23:58'] });
  const viewerEmail = uniqueEmail('viewer');
  const revokedEmail = uniqueEmail('revoked');

  await test.step('invite from the Secondary Caregivers panel, view only; and one more to revoke', async () => {
    await page.goto('/settings?tab=account');
    const panel = page.getByRole('region', { name: 'Secondary Caregivers' });
    for (const email of [viewerEmail, revokedEmail]) {
      await panel.getByRole('button', { name: 'Invite Caregiver' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite Caregiver' });
      await dialog.getByLabel('Email').fill(email);
      await expect(dialog.getByRole('checkbox', { name: 'Mia Ng' })).toBeChecked();
      await expectNoSeriousA11yViolations(page, '.ant-modal');
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await expectToast(page, 'Invitation sent');
    }
    await expect(panel.getByRole('list', { name: 'Invitations' }).getByRole('listitem')).toHaveCount(2);
    await panel.getByRole('button', { name: `Revoke the invitation for ${revokedEmail}` }).click();
    await expectToast(page, 'Invitation revoked');
    await expect(panel.getByRole('list', { name: 'Invitations' }).getByRole('listitem')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, '.settings-page');
  });

  const viewer = await newDevice(browser, watchCsp, { width: 1280, height: 800 });
  await test.step('the view-only caregiver sees the day without checkboxes, and the API refuses a completion', async () => {
    await acceptAsNewUser(viewer, await invitationLinkFor(viewerEmail), 'Vic', viewerEmail);
    await viewer.getByRole('button', { name: 'Go to Today' }).click();
    await expect(viewer.getByRole('img', { name: 'Evening bath at 11:58 PM: not done yet' })).toBeVisible();
    await expect(viewer.getByRole('checkbox', { name: /^Complete / })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Add Task' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(viewer, 'main');
    const [task] = await getJson<{ id: string }[]>(viewer, `/api/tasks?childId=${mia.id}`);
    const refused = await viewer.request.put(`/api/tasks/${task.id}/complete`, { data: {}, headers: { Origin: new URL(viewer.url()).origin } });
    expect(refused.status()).toBe(403);
  });

  await test.step('the primary sees them in the panel and gives edit rights; the checkbox appears', async () => {
    await page.reload();
    const panel = page.getByRole('region', { name: 'Secondary Caregivers' });
    const edit = panel.getByRole('switch', { name: 'Vic Kim can make changes for Mia Ng' });
    await expect(edit).not.toBeChecked();
    await edit.click();
    await expect(edit).toBeChecked();
    await viewer.reload();
    await expect(viewer.getByRole('checkbox', { name: 'Complete Evening bath at 11:58 PM' })).toBeVisible();
  });

  await test.step('the revoked link shows the error state', async () => {
    await viewer.goto(await invitationLinkFor(revokedEmail));
    await expect(viewer.getByText('This invitation was withdrawn by the person who sent it. Ask them for a new one.')).toBeVisible();
  });

  await test.step('removing access ends it with the next request', async () => {
    const panel = page.getByRole('region', { name: 'Secondary Caregivers' });
    await panel.getByRole('button', { name: "Remove Vic Kim's access to Mia Ng" }).click();
    await page.getByRole('dialog', { name: 'Remove access?' }).getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Access removed');
    expect((await getJson<Child[]>(viewer, '/api/children')).map((child) => child.name)).toEqual([]);
    const invitations = await getJson<CaregiverInvitation[]>(page, '/api/caregiver-invitations');
    expect(invitations.map((invitation) => invitation.status).sort()).toEqual(['accepted', 'revoked']);
  });
  await viewer.context().close();
});
