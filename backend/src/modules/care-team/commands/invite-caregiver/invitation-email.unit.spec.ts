import { invitationEmail } from './invitation-email';

describe('invitation email', () => {
  const facts = {
    inviterName: 'Ana <script>alert(1)</script>\nSilva',
    inviterEmail: 'ana@example.com',
    inviteeName: 'Joe "Grandpa" & co',
    inviteeEmail: 'joe@example.com',
    childNames: ['Maya <b>Lopez</b>', 'Leo Park'],
    canEdit: false,
    acceptUrl: 'https://care.example.org/accept-invitation/abc_DEF-123',
    expiresAt: '2026-11-28T08:00:00.000Z',
    timeZone: 'America/Los_Angeles',
  };

  it('writes the link out in both parts and names the inviter, recipients and expiry', () => {
    const mail = invitationEmail(facts);
    expect(mail.to).toBe('joe@example.com');
    expect(mail.subject).toBe('Ana <script>alert(1)</script> Silva invited you to their care team on CareCircle');
    expect(mail.text).toContain('https://care.example.org/accept-invitation/abc_DEF-123');
    expect(mail.text).toContain('for Maya <b>Lopez</b> and Leo Park.');
    expect(mail.text).toContain('expires on November 28, 2026');
    expect(mail.html).toContain('<a href="https://care.example.org/accept-invitation/abc_DEF-123">Accept the invitation</a>');
  });

  it('escapes every name in the HTML and loads nothing from elsewhere', () => {
    const { html } = invitationEmail(facts);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Lopez');
    expect(html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt; Silva');
    expect(html).toContain('Hello Joe &quot;Grandpa&quot; &amp; co,');
    expect(html).not.toMatch(/<img|src=|<link|<script/i);
    expect(html.match(/href="/g)).toHaveLength(1);
  });

  it('says what the caregiver may do: changes only with the edit right', () => {
    expect(invitationEmail(facts).text).not.toContain('change their care');
    expect(invitationEmail({ ...facts, canEdit: true }).text).toContain('you can record and change their care');
    expect(invitationEmail({ ...facts, inviteeName: null }).text.startsWith('Hello,\n')).toBe(true);
  });
});
