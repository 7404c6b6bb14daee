import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';
import { escapeHtml } from './mailer';
import { SmtpMailer, UnsentMailer } from './smtp-mailer';

describe('SMTP mailer (a real local SMTP server)', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it('delivers plain text and HTML from MAIL_FROM to the recipient over SMTP', async () => {
    const mailer = new SmtpMailer({ url: inbox.url, from: 'CareCircle <no-reply@care.example.org>' });
    const link = `https://care.example.org/accept-invitation/${'A'.repeat(43)}`;
    const name = 'Zoë <b>&</b> "Ana"';
    const sent = await mailer.send({
      to: 'grandpa@example.com',
      subject: 'Zoë invited you to CareCircle',
      text: `Open this link:\n${link}\n`,
      html: `<p>${escapeHtml(name)}</p><p><a href="${escapeHtml(link)}">Accept</a></p>`,
    });
    mailer.close();
    expect(sent).toBe(true);
    const mail = await inbox.next();
    expect(mail.from).toBe('no-reply@care.example.org');
    expect(mail.to).toEqual(['grandpa@example.com']);
    expect(mail.subject).toBe('Zoë invited you to CareCircle');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Zoë &lt;b&gt;&amp;&lt;/b&gt; &quot;Ana&quot;');
    expect(mail.raw).toMatch(/^From: CareCircle <no-reply@care\.example\.org>/m);
  });

  it('answers false, without throwing, when the server cannot be reached', async () => {
    const mailer = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'no-reply@care.example.org' });
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'x', html: '<p>x</p>' })).resolves.toBe(false);
    mailer.close();
  });

  it('without SMTP_URL sends nothing and says so', async () => {
    const before = inbox.messages.length;
    const mailer = new UnsentMailer();
    expect(mailer.configured).toBe(false);
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'x', html: 'x' })).resolves.toBe(false);
    expect(inbox.messages.length).toBe(before);
  });

  it('escapes the characters that matter in HTML', () => {
    expect(escapeHtml(`<script>alert('x')</script> & "q"`)).toBe('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;');
  });
});
