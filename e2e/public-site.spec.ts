import { expect, type Page, type Request } from '@playwright/test';
import { DESKTOP, expectAccessibleOnPhoneAndDesktop, expectNoSeriousA11yViolations, expectToast, PHONE, test } from './support';

// The public site (spec document 1, Public pages; issue 25): the top navigation on every public page,
// its menu on a phone, the pricing toggle's arithmetic and the contact form that sends nothing.

const NAV_PAGES = [
  { link: 'Home', path: '/', heading: 'Care is a team effort. CareCircle keeps the team in step.' },
  { link: 'Features', path: '/features', heading: 'Everything CareCircle does for your family' },
  { link: 'Pricing', path: '/pricing', heading: 'Simple plans for every family' },
  { link: 'About', path: '/about', heading: 'About CareCircle' },
  { link: 'Contact', path: '/contact', heading: 'Contact us' },
];
/** Public pages the navigation does not link to, but shows on. */
const OTHER_PUBLIC_PAGES = [
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/no-such-page', heading: 'Page Not Found' },
];

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$/ });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function expectPage(page: Page, path: string, heading: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'CareCircle' })).toBeVisible();
}

test('on a phone, every public page is reached through the menu, which opens and closes', async ({ page }) => {
  await page.goto('/features');
  for (const target of [...NAV_PAGES.slice(1), NAV_PAGES[0]]) {
    await expect(menu(page)).toHaveCount(0);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page).getByRole('link')).toHaveText(NAV_PAGES.map((p) => p.link));
    await menu(page).getByRole('link', { name: target.link, exact: true }).click();
    await expectPage(page, target.path, target.heading);
    // Following a link closes the menu; the page's link is marked as the current one.
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  }

  // The open menu itself, and its two buttons to sign-in.
  await menuButton(page).click();
  await expect(menu(page).getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  for (const other of OTHER_PUBLIC_PAGES) {
    await page.goto(other.path);
    await expectPage(page, other.path, other.heading);
    await menuButton(page).click();
    await expect(menu(page).getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await menuButton(page).click();
    await expect(menu(page)).toHaveCount(0);
  }
});

test('on a phone, the menu works from the keyboard: Enter opens it, Escape closes it and focus returns to its button', async ({ page }) => {
  await page.goto('/about');
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(menu(page).getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press('Space');
  await expect(menu(page)).toHaveCount(0);
});

test.describe('on a desktop screen', () => {
  test.use({ viewport: DESKTOP });

  test('the top navigation shows every link on every public page, marks the current one, and both buttons go to /login', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const target of [...NAV_PAGES.slice(1), NAV_PAGES[0]]) {
      await expect(nav.getByRole('link')).toHaveText(NAV_PAGES.map((p) => p.link));
      await expect(menuButton(page)).toBeHidden();
      await nav.getByRole('link', { name: target.link, exact: true }).click();
      await expectPage(page, target.path, target.heading);
      await expect(nav.getByRole('link', { name: target.link, exact: true })).toHaveAttribute('aria-current', 'page');
      await expectNoSeriousA11yViolations(page);
    }
    for (const other of OTHER_PUBLIC_PAGES) {
      await page.goto(other.path);
      await expectPage(page, other.path, other.heading);
      await expect(nav.getByRole('link')).toHaveText(NAV_PAGES.map((p) => p.link));
      await expectNoSeriousA11yViolations(page);
    }
    await page.getByRole('banner').getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('/features: five feature sections, each with its details', async ({ page }) => {
  await page.goto('/features');
  const sections = page.locator('main section.feature-section');
  await expect(sections).toHaveCount(5);
  for (const section of await sections.all()) {
    await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
    expect(await section.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  }
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/api/login');
});

test('/pricing: annual prices save 12 x monthly - annual, with Save 2 months!; six questions; the last button signs up', async ({ page }) => {
  await page.goto('/pricing');
  const plan = (name: string) => page.getByRole('article', { name, exact: true });
  const monthly = page.getByRole('button', { name: 'Monthly' });
  const annual = page.getByRole('button', { name: 'Annual' });

  await expect(monthly).toHaveAttribute('aria-pressed', 'true');
  await expect(plan('Free')).toContainText('$0 forever');
  await expect(plan('Standard')).toContainText('$19 per month');
  await expect(plan('Standard')).toContainText('Best Value');
  await expect(plan('Premium Family')).toContainText('$39 per month');
  await expect(page.getByText('Save 2 months!')).toHaveCount(0);

  await annual.click();
  await expect(annual).toHaveAttribute('aria-pressed', 'true');
  await expect(monthly).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Save 2 months!', { exact: true })).toBeVisible();
  await expect(plan('Free')).toContainText('$0 forever');
  await expect(plan('Free')).not.toContainText('You save');
  // Spec section 9: $19 a month or $190 a year; $39 a month or $390 a year.
  await expect(plan('Standard')).toContainText('$190 per year');
  await expect(plan('Standard').getByText('You save $38 a year', { exact: true })).toBeVisible(); // 12 x 19 - 190
  await expect(plan('Premium Family')).toContainText('$390 per year');
  await expect(plan('Premium Family').getByText('You save $78 a year', { exact: true })).toBeVisible(); // 12 x 39 - 390
  await expectAccessibleOnPhoneAndDesktop(page);

  await monthly.click();
  await expect(page.getByText('Save 2 months!')).toHaveCount(0);
  await expect(plan('Standard')).toContainText('$19 per month');

  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await expect(faq.locator('details')).toHaveCount(6);
  await faq.getByText('What do I save by paying annually?').click();
  await expect(faq.getByText(/you save \$38 on Standard and \$78 on Premium Family\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/api/login');
});

test('/contact: the form needs every field, then thanks the visitor, clears, and sends nothing', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  const fields = {
    Name: form.getByLabel('Name'),
    Email: form.getByLabel('Email'),
    Subject: form.getByLabel('Subject'),
    Message: form.getByLabel('Message'),
  };
  for (const field of Object.values(fields)) await expect(field).toHaveAttribute('required', '');
  await expect(fields.Email).toHaveAttribute('type', 'email');
  await expect(fields.Message).toHaveAttribute('placeholder', 'Tell us how we can help you...');
  await expect(page.getByRole('heading', { name: 'Office and business hours' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Help by topic' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/api/login');
  await expectAccessibleOnPhoneAndDesktop(page);

  // From here on, nothing but the toast's own code may be asked for: no call to any server.
  const sent: Request[] = [];
  page.on('request', (request) => sent.push(request));

  // Empty, the browser keeps the form (no toast): the first missing field is the one it points at.
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(fields.Name).toBeFocused();
  expect(await fields.Name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

  await fields.Name.fill('Amira Haddad');
  await fields.Email.fill('amira@example.test');
  await fields.Subject.fill('Two caregivers on one evening');
  await fields.Message.fill('Can my mother and I both tick the evening dose?');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expectToast(page, 'Message Sent!');
  await expectToast(page, "Thank you for contacting us. We'll get back to you within 24 hours.");
  for (const field of Object.values(fields)) await expect(field).toHaveValue('');
  const calls = sent.filter((request) => request.method() !== 'GET' || new URL(request.url()).pathname.startsWith('/api/') || request.resourceType() === 'fetch' || request.resourceType() === 'xhr');
  expect(calls.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  // Access Live Chat goes to sign-in.
  await page.getByRole('button', { name: 'Access Live Chat' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('the public pages at both widths', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`/about at ${viewport.width} px: mission, story, values, team, a 2023-2025 timeline and the protections, no certificate claimed`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/about');
      for (const name of ['Our story', 'What we value', 'Who makes CareCircle', 'Our journey', 'How we protect your family']) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      await expect(page.getByText(/Our mission/)).toBeVisible();
      await expect(page.locator('.timeline__year')).toHaveText(['2023', '2024', '2025']);
      await expect(page.getByText('Encrypted personal data')).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText(/HIPAA|certified|1,000 families/i);
    });
  }
});
