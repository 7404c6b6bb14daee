import { expect, type Locator, type Page } from '@playwright/test';
import { PHONE_TEXT, type Child } from '@carecircle/libs';
import { expectNoSeriousA11yViolations, expectToast, test, toasts } from './support';
import { addChild, grantAccess, signUp } from './today-support';

// The Care Hub (spec document 3): the first-visit notice, a family's emergency contacts, each care
// recipient's doctors and family support, and nearby care. Accounts and recipients are made through
// the API; the clicks are a caregiver's.

const NOTICE_KEY = 'care-hub-disclaimer-seen';

// The tests share nothing (each registers its own caregivers): both workers may take them, so this
// long file does not keep one worker busy at the end of the run while the other waits.
test.describe.configure({ mode: 'parallel' });

/** The notice of the first visit: only 'I Understand' closes it. */
async function acceptNotice(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Important Notice' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'I Understand' }).click();
  await expect(notice).toBeHidden();
}

/** Axe on the page (the bottom navigation included) or on the open dialog, at rest (no hover colours). */
async function expectAccessible(page: Page, what: 'page' | 'dialog' = 'page'): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, what === 'dialog' ? '.ant-modal' : 'body');
}

/** A native <select>'s chosen option text. */
const chosen = (select: Locator) => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text ?? '');

/** POST through the page's own session; 201 expected. */
async function post(page: Page, baseURL: string, path: string, data: unknown): Promise<void> {
  const response = await page.request.post(path, { data, headers: { Origin: baseURL } });
  expect(response.status(), await response.text()).toBe(201);
}

test('on a phone: the notice shows once per browser, and a caregiver keeps emergency contacts with Undo on delete', async ({
  page,
  browser,
  baseURL,
  watchCsp,
}) => {
  test.setTimeout(150_000); // eight screens, four dialogs (the contact one with an email), axe on each, on 2 shared cores
  await signUp(page, baseURL!, 'Rosa', 'Vega');
  // With a recipient, Today opens straight away (without one, the onboarding wizard would).
  await addChild(page, baseURL!, 'Leo', 'Vega');
  const main = page.getByRole('main');
  const nav = page.getByRole('navigation', { name: 'Main' });

  await test.step('Care Hub from the bottom navigation; the notice needs I Understand', async () => {
    await page.goto('/');
    await nav.getByRole('link', { name: 'Care Hub' }).click();
    await expect(page).toHaveURL(/\/care-hub$/);
    const notice = page.getByRole('dialog', { name: 'Important Notice' });
    await expect(notice).toContainText('basic contact information');
    await expect(notice).toContainText('diagnoses, medications or treatment notes');
    await expect(notice.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(notice).toBeVisible();
    await expectAccessible(page, 'dialog');
    await acceptNotice(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), NOTICE_KEY)).toBe('true');
  });

  await test.step('the menu: seven cards in order, the footer, Care Hub active', async () => {
    await expect(main.getByRole('heading', { name: 'Care Hub', level: 1 })).toBeVisible();
    await expect(main.getByRole('listitem')).toHaveCount(7);
    await expect(main.getByRole('link')).toHaveText([
      /^Emergency Contacts911, Poison Control, custom contacts/,
      /^Nearby CareClosest ERs and urgent care/,
      /^Doctors & Specialists/,
      /^School & Daycare/,
      /^Family SupportSchool nurses, therapists, social workers/,
      /^Pharmacy Locations/,
      /^Care Instructions \/ Notes/,
    ]);
    await expect(main).toContainText('not a medical record system');
    await expect(nav.getByRole('link', { name: 'Care Hub' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
  });

  await test.step('a reload does not show the notice again; a new browser does', async () => {
    await page.reload();
    await expect(main.getByRole('heading', { name: 'Care Hub', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Important Notice' })).toHaveCount(0);

    // Same account (its session cookie), but a browser that never saw the notice.
    const { cookies } = await page.context().storageState();
    const other = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, reducedMotion: 'reduce', storageState: { cookies, origins: [] } });
    await watchCsp(other);
    const otherPage = await other.newPage();
    await otherPage.goto('/care-hub/pharmacy');
    await expect(otherPage.getByRole('dialog', { name: 'Important Notice' })).toBeVisible();
    await other.close();
  });

  await test.step('the placeholders say Coming Soon and lead back', async () => {
    for (const [card, title] of [
      ['School & Daycare', 'School & Daycare'],
      ['Pharmacy Locations', 'Pharmacy Locations'],
      ['Care Instructions / Notes', 'Care Instructions / Notes'],
    ]) {
      await main.getByRole('link', { name: new RegExp(`^${card.replace('/', '\\/')}`) }).click();
      await expect(main.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
      if (title === 'Care Instructions / Notes') {
        await expect(main).toContainText('Use this for general reminders only. Do not enter medications or diagnoses.');
        await expectAccessible(page);
      }
      await main.getByRole('link', { name: 'Back to Care Hub' }).click();
      await expect(page).toHaveURL(/\/care-hub$/);
    }
  });

  await test.step('Emergency Contacts: the banner, hotlines that dial, no contacts yet', async () => {
    await main.getByRole('link', { name: /^Emergency Contacts/ }).click();
    await expect(page).toHaveURL(/\/care-hub\/emergency-contacts$/);
    await expect(main.getByText('Store only basic contact info. Do not include medical details.')).toBeVisible();
    const hotlines = main.getByRole('region', { name: 'Critical Numbers' });
    await expect(hotlines.getByRole('listitem')).toHaveCount(6);
    await expect(hotlines.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    await expect(hotlines.getByRole('link', { name: 'Call Poison Control, 1-800-222-1222' })).toHaveAttribute('href', 'tel:+18002221222');
    await expect(hotlines.getByRole('link', { name: 'Call Crisis Lifeline, 988' })).toHaveAttribute('href', 'tel:988');
    await expect(main.getByText('No emergency contacts added yet.')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Care Hub' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
  });

  const contacts = main.getByRole('region', { name: 'Your Emergency Contacts' });
  const dialog = page.getByRole('dialog', { name: 'Add Emergency Contact' });

  await test.step('the quick adds fill in their presets', async () => {
    await main.getByRole('button', { name: 'Add Local Emergency Services' }).click();
    expect(await chosen(dialog.getByLabel('Contact Type'))).toBe('Emergency');
    expect(await chosen(dialog.getByLabel('Relationship'))).toBe('Emergency Service');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await main.getByRole('button', { name: 'Add Babysitter / Caregiver' }).click();
    expect(await chosen(dialog.getByLabel('Contact Type'))).toBe('Childcare');
    expect(await chosen(dialog.getByLabel('Relationship'))).toBe('Babysitter');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('add a family contact: the phone is checked here and stored in E.164', async () => {
    await main.getByRole('button', { name: 'Add Family Emergency Contact' }).click();
    expect(await chosen(dialog.getByLabel('Contact Type'))).toBe('Family');
    expect(await chosen(dialog.getByLabel('Relationship'))).toBe('Select relationship');
    await expect(dialog.getByRole('radio', { name: 'Secondary Contact: backup' })).toBeChecked();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('placeholder', 'Full name');
    await expect(dialog.getByLabel('Name')).toHaveAttribute('maxlength', '200');
    await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('maxlength', '50');
    await expectAccessible(page, 'dialog');

    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Phone number is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Lucia Vega');
    await dialog.getByLabel('Phone Number').fill('202-555');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await expect(dialog.getByText('Please enter a valid phone number.')).toBeVisible();
    // 911 is a hotline, not a person's number: the dialog says where it is.
    await dialog.getByLabel('Phone Number').fill('911');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await expect(dialog.getByText(PHONE_TEXT.shortCode)).toBeVisible();
    await expectAccessible(page, 'dialog');
    await dialog.getByLabel('Phone Number').fill('(202) 555-0143 ext');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await expect(dialog.getByText(PHONE_TEXT.extension)).toBeVisible();
    // An extension is kept (typed as people write it, "ext 12").
    await dialog.getByLabel('Phone Number').fill('202.555.0143 ext 12');
    await dialog.getByLabel('Relationship').selectOption('Grandmother');
    await dialog.getByRole('radio', { name: 'Primary Contact: call first in emergencies' }).check();
    await dialog.getByLabel('Notes (optional)').fill('Has a spare key');
    const email = dialog.getByLabel('Email (for urgent alerts)');
    await expect(email).toHaveAttribute('type', 'email');
    await email.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await email.fill('lucia.vega@example.test');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await expectToast(page, 'Contact Added');
    await expectToast(page, 'Emergency contact has been added successfully.');
    await expect(dialog).toBeHidden();

    const card = contacts.getByRole('listitem', { name: 'Lucia Vega' });
    await expect(card.getByText('Primary', { exact: true })).toBeVisible();
    await expect(card).toContainText('Grandmother · Family');
    await expect(card).toContainText('(202) 555-0143 ext. 12');
    await expect(card).toContainText('Has a spare key');
    // Dialled after a pause: tel:+12025550143,12 (docs/care-hub.md says why not ;ext=12).
    await expect(card.getByRole('link', { name: 'Call Lucia Vega' })).toHaveAttribute('href', 'tel:+12025550143,12');
    await expect(card.getByRole('link', { name: 'lucia.vega@example.test' })).toHaveAttribute('href', 'mailto:lucia.vega@example.test');
    await expectAccessible(page);
  });

  await test.step('edit it', async () => {
    await contacts.getByRole('button', { name: 'Edit Lucia Vega' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Emergency Contact' });
    await expect(edit.getByLabel('Name')).toHaveValue('Lucia Vega');
    await expect(edit.getByLabel('Phone Number')).toHaveValue('(202) 555-0143 ext. 12');
    await expectAccessible(page, 'dialog');
    expect(await chosen(edit.getByLabel('Relationship'))).toBe('Grandmother');
    await expect(edit.getByRole('radio', { name: 'Primary Contact: call first in emergencies' })).toBeChecked();
    await expect(edit.getByLabel('Email (for urgent alerts)')).toHaveValue('lucia.vega@example.test');
    await edit.getByLabel('Name').fill('Lucia M. Vega');
    await edit.getByLabel('Phone Number').fill('+1 415 555 0182');
    await edit.getByRole('radio', { name: 'Secondary Contact: backup' }).check();
    await edit.getByRole('button', { name: 'Save Contact' }).click();
    await expectToast(page, 'Contact Updated');
    await expect(edit).toBeHidden();
    const card = contacts.getByRole('listitem', { name: 'Lucia M. Vega' });
    await expect(card.getByRole('link', { name: 'Call Lucia M. Vega' })).toHaveAttribute('href', 'tel:+14155550182');
    await expect(card).toContainText('(415) 555-0182');
    await expect(card.getByText('Primary', { exact: true })).toHaveCount(0);
  });

  await test.step('delete at once; Undo brings it back', async () => {
    await contacts.getByRole('button', { name: 'Delete Lucia M. Vega' }).click();
    await expectToast(page, 'Contact Deleted');
    await expectToast(page, 'Emergency contact has been deleted successfully.');
    await expect(contacts.getByRole('listitem', { name: 'Lucia M. Vega' })).toHaveCount(0);
    await expect(main.getByText('No emergency contacts added yet.')).toBeVisible();
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await expect(contacts.getByRole('listitem', { name: 'Lucia M. Vega' })).toBeVisible();
    await expect(contacts.getByRole('link', { name: 'Call Lucia M. Vega' })).toHaveAttribute('href', 'tel:+14155550182');
    await main.getByRole('link', { name: 'Back to Care Hub' }).click();
    await expect(page).toHaveURL(/\/care-hub$/);
  });
});

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('doctors and family support for two recipients through the switcher', async ({ page, baseURL }) => {
    test.setTimeout(120_000); // two directories, two recipients, five dialogs, axe on each, on 2 shared cores
    await signUp(page, baseURL!, 'Maria', 'Rivera');
    const sam = await addChild(page, baseURL!, 'Sam', 'Rivera');
    const lily = await addChild(page, baseURL!, 'Lily', 'Rivera');
    const children = (await (await page.request.get('/api/children')).json()) as Child[];
    const [first, second] = children[0].id === sam.id ? [sam, lily] : [lily, sam];
    const main = page.getByRole('main');
    const switcher = main.getByLabel('Care recipient');

    await test.step('Doctors: the first recipient by default, empty', async () => {
      await page.goto('/care-hub/doctors');
      await acceptNotice(page);
      await expect(main.getByRole('heading', { name: 'Doctors & Specialists', level: 1 })).toBeVisible();
      await expect(main.getByText('Store only name, specialty, and phone. Do not add medical history.')).toBeVisible();
      await expect(switcher).toHaveValue(first.id);
      await expect(main.getByText('No Doctors Added Yet')).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('add a doctor for the first recipient', async () => {
      await main.getByRole('button', { name: 'Add Doctor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Doctor' });
      expect(await chosen(dialog.getByLabel('Specialty'))).toBe('Pediatrician');
      await expectAccessible(page, 'dialog');
      await dialog.getByLabel('Doctor Name').fill('Dr. Amy Chen');
      await dialog.getByLabel('Specialty').selectOption('neurologist');
      await dialog.getByRole('checkbox', { name: 'Primary care doctor' }).check();
      await dialog.getByLabel('Phone (optional)').fill('112');
      await dialog.getByRole('button', { name: 'Save Doctor' }).click();
      await expect(dialog.getByText(PHONE_TEXT.shortCode)).toBeVisible();
      await dialog.getByLabel('Phone (optional)').fill('(202) 555-0182 x7');
      await dialog.getByLabel('Email (optional)').fill('amy.chen@example.test');
      await dialog.getByLabel('Address (optional)').fill('1 Main St, Springfield');
      await dialog.getByLabel('Notes (optional)').fill('Tuesdays only');
      await dialog.getByRole('button', { name: 'Save Doctor' }).click();
      await expectToast(page, 'Doctor added');
      await expectToast(page, 'The doctor has been added successfully.');
      await expect(dialog).toBeHidden();
      const card = main.getByRole('listitem', { name: 'Dr. Amy Chen' });
      await expect(card.getByText('Neurologist', { exact: true })).toBeVisible();
      await expect(card.getByText('Primary Care', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: '(202) 555-0182 ext. 7' })).toHaveAttribute('href', 'tel:+12025550182,7');
      await expect(card.getByRole('link', { name: 'amy.chen@example.test' })).toHaveAttribute('href', 'mailto:amy.chen@example.test');
      await expect(card).toContainText('1 Main St, Springfield');
      await expect(card).toContainText('Tuesdays only');
      await expectAccessible(page);
    });

    await test.step('the second recipient has their own list, kept in the address over a reload', async () => {
      await switcher.selectOption(second.id);
      await expect(page).toHaveURL(new RegExp(`\\?child=${second.id}$`));
      await expect(main.getByText('No Doctors Added Yet')).toBeVisible();
      await main.getByRole('button', { name: 'Add Doctor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Doctor' });
      await dialog.getByLabel('Doctor Name').fill('Dr. Ben Ortiz');
      await dialog.getByLabel('Specialty').selectOption('dentist');
      await dialog.getByRole('button', { name: 'Save Doctor' }).click();
      await expectToast(page, 'Doctor added');
      await page.reload();
      await expect(switcher).toHaveValue(second.id);
      await expect(main.getByRole('listitem', { name: 'Dr. Ben Ortiz' })).toBeVisible();
      await expect(main.getByRole('listitem', { name: 'Dr. Amy Chen' })).toHaveCount(0);
      await switcher.selectOption(first.id);
      await expect(main.getByRole('listitem', { name: 'Dr. Amy Chen' })).toBeVisible();
    });

    await test.step('edit, then delete with Undo', async () => {
      await main.getByRole('button', { name: 'Edit Dr. Amy Chen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Doctor' });
      await expect(dialog.getByLabel('Phone (optional)')).toHaveValue('(202) 555-0182 ext. 7');
      await dialog.getByLabel('Notes (optional)').fill('Tuesdays and Thursdays');
      await dialog.getByRole('button', { name: 'Save Doctor' }).click();
      await expectToast(page, 'Doctor updated');
      await expect(main.getByRole('listitem', { name: 'Dr. Amy Chen' })).toContainText('Tuesdays and Thursdays');
      await main.getByRole('button', { name: 'Delete Dr. Amy Chen' }).click();
      await expectToast(page, 'Doctor deleted');
      await expect(main.getByText('No Doctors Added Yet')).toBeVisible();
      await toasts(page).getByRole('button', { name: 'Undo' }).click();
      await expect(main.getByRole('listitem', { name: 'Dr. Amy Chen' })).toContainText('Tuesdays and Thursdays');
    });

    await test.step('Family Support for the second recipient: add, edit, delete with Undo', async () => {
      await main.getByRole('link', { name: 'Back to Care Hub' }).click();
      await main.getByRole('link', { name: /^Family Support/ }).click();
      await expect(main.getByText('Store only contact details (no treatment notes).')).toBeVisible();
      await expect(main.getByText('No Support Resources Yet')).toBeVisible();
      await switcher.selectOption(second.id);
      await expect(page).toHaveURL(new RegExp(`/care-hub/family-support\\?child=${second.id}$`));
      await main.getByRole('button', { name: 'Add Support Resource' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Support Resource' });
      expect(await chosen(dialog.getByLabel('Role'))).toBe('School Nurse');
      await expectAccessible(page, 'dialog');
      await dialog.getByLabel('Name', { exact: true }).fill('Joy Park');
      await dialog.getByLabel('Organization (optional)').fill('Lincoln Elementary');
      await dialog.getByLabel('Phone (optional)').fill('212-555-0100');
      await dialog.getByLabel('Email (optional)').fill('not-an-email');
      await dialog.getByRole('button', { name: 'Save Resource' }).click();
      await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
      await dialog.getByLabel('Email (optional)').fill('joy.park@example.test');
      await dialog.getByRole('button', { name: 'Save Resource' }).click();
      await expectToast(page, 'Support resource added');
      await expectToast(page, 'The family support resource has been added successfully.');
      const card = main.getByRole('listitem', { name: 'Joy Park' });
      await expect(card.getByText('School Nurse', { exact: true })).toBeVisible();
      await expect(card).toContainText('Lincoln Elementary');
      await expect(card.getByRole('link', { name: '(212) 555-0100' })).toHaveAttribute('href', 'tel:+12125550100');
      await expectAccessible(page);

      await card.getByRole('button', { name: 'Edit Joy Park' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Support Resource' });
      await edit.getByLabel('Role').selectOption('therapist');
      await edit.getByRole('button', { name: 'Save Resource' }).click();
      await expectToast(page, 'Support resource updated');
      await expect(card.getByText('Therapist', { exact: true })).toBeVisible();

      await card.getByRole('button', { name: 'Delete Joy Park' }).click();
      await expectToast(page, 'Support resource deleted');
      await expect(main.getByText('No Support Resources Yet')).toBeVisible();
      await toasts(page).getByRole('button', { name: 'Undo' }).click();
      await expect(main.getByRole('listitem', { name: 'Joy Park' })).toBeVisible();
      await switcher.selectOption(first.id);
      await expect(main.getByText('No Support Resources Yet')).toBeVisible();
    });
  });

  test('a read-only caregiver sees the family’s entries without add, edit or delete, on a desktop and a phone', async ({ page, browser, baseURL, watchCsp }) => {
    const owner = await signUp(page, baseURL!, 'Maria', 'Rivera');
    const sam = await addChild(page, baseURL!, 'Sam', 'Rivera');
    await post(page, baseURL!, `/api/children/${sam.id}/doctors`, { name: 'Dr. Amy Chen', specialty: 'neurologist', phoneNumber: '+12025550182' });
    await post(page, baseURL!, '/api/emergency-contacts', {
      name: 'Abuela Carmen',
      phoneNumber: '+12025550199',
      relationship: 'Grandmother',
      contactType: 'family',
      isPrimary: true,
    });
    await post(page, baseURL!, '/api/emergency-contacts', { name: 'Uncle Luis', phoneNumber: '+12025550177', relationship: 'Family', contactType: 'family' });

    const helperContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await watchCsp(helperContext);
    const helper = await helperContext.newPage();
    const helperUser = await signUp(helper, baseURL!, 'Tom', 'Helper');
    grantAccess(sam.id, owner.id, helperUser.id, { readOnly: true });
    const main = helper.getByRole('main');

    await helper.goto('/care-hub/doctors');
    await acceptNotice(helper);
    await expect(main.getByRole('listitem', { name: 'Dr. Amy Chen' })).toBeVisible();
    await expect(main.getByRole('button', { name: /^(Add Doctor|Edit|Delete)/ })).toHaveCount(0);
    await expect(main.getByLabel('Care recipient')).toHaveCount(0);
    await expect(main.getByText('For Sam Rivera')).toBeVisible();
    // The primary adds a doctor: it shows on the helper's open screen without a reload.
    await post(page, baseURL!, `/api/children/${sam.id}/doctors`, { name: 'Dr. Omar Haddad', specialty: 'pediatrician' });
    await expect(main.getByRole('listitem', { name: 'Dr. Omar Haddad' })).toBeVisible();

    await helper.goto('/care-hub/emergency-contacts');
    const card = main.getByRole('listitem', { name: 'Abuela Carmen' });
    await expect(card).toContainText("Maria Rivera's family");
    await expect(card.getByRole('link', { name: 'Call Abuela Carmen' })).toHaveAttribute('href', 'tel:+12025550199');
    await expect(card.getByRole('button')).toHaveCount(0);
    // "Family" once, not "Family · Family" (a relationship that is the type's own word, as onboarding's).
    await expect(main.getByRole('listitem', { name: 'Uncle Luis' }).getByText('Family', { exact: true })).toBeVisible();
    // She only views this family's list and has none of her own: she is told so, and offered no Add.
    const viewOnly = main.getByText("You can view the emergency contacts of Maria Rivera's family, but not add or change them.");
    for (const width of [1280, 360]) {
      await helper.setViewportSize({ width, height: 800 });
      await expect(viewOnly).toBeVisible();
      await expect(main.getByRole('button', { name: /^Add / })).toHaveCount(0);
      await expect(main.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
      await expectAccessible(helper);
    }
    // The server agrees: her write is a 403, and no list of her own is made.
    const refused = await helper.request.post('/api/emergency-contacts', {
      data: { name: 'Private list?', phoneNumber: '+12025550123' },
      headers: { Origin: baseURL! },
    });
    expect(refused.status()).toBe(403);
    expect((await (await helper.request.get('/api/emergency-contacts')).json()).map((c: { name: string }) => c.name)).toEqual(['Abuela Carmen', 'Uncle Luis']);
    await helperContext.close();
  });
});

test.describe('Nearby Care with location allowed', () => {
  test.use({ geolocation: { latitude: 40.7128, longitude: -74.006 }, permissions: ['geolocation'] });

  test('Enable Location offers map searches near the position, in a new tab', async ({ page, baseURL }) => {
    await signUp(page, baseURL!, 'Nina', 'Patel');
    await page.goto('/care-hub/nearby-care');
    await acceptNotice(page);
    const main = page.getByRole('main');
    const card = main.getByRole('region', { name: 'Find Nearby Care' });
    await expect(card).toContainText('Allow location access');
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Enable Location' }).click();
    const links = card.getByRole('list', { name: 'Near your location' });
    for (const [name, query] of [
      ['Emergency Rooms', 'emergency%20room'],
      ['Urgent Care', 'urgent%20care'],
      ['Pharmacies', 'pharmacy'],
    ]) {
      const link = links.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', `https://www.google.com/maps/search/?api=1&query=${query}%20near%2040.7128,-74.006`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(main.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    await expectAccessible(page);
  });
});

test.describe('Nearby Care with location blocked', () => {
  test.use({ permissions: [] });

  test('says so and searches near a typed place; without a recipient the directories lead to adding one', async ({ page, baseURL }) => {
    await signUp(page, baseURL!, 'Omar', 'Haddad');
    await page.goto('/care-hub/nearby-care');
    await acceptNotice(page);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Enable Location' }).click();
    await expect(main.getByText(/Location access is blocked for this site/)).toBeVisible();
    const search = main.getByRole('region', { name: 'Search Near a Place' });
    await search.getByLabel('City, address or ZIP code').fill('Springfield, IL');
    const link = search.getByRole('link', { name: /^Urgent Care/ });
    await expect(link).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=urgent%20care%20near%20Springfield,%20IL');
    await expect(link).toHaveAttribute('target', '_blank');
    await expectAccessible(page);

    await main.getByRole('link', { name: 'Back to Care Hub' }).click();
    await main.getByRole('link', { name: /^Doctors & Specialists/ }).click();
    await expect(main.getByRole('heading', { name: 'No care recipient yet' })).toBeVisible();
    await main.getByRole('link', { name: 'Add Care Recipient' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=children$/);
  });
});
