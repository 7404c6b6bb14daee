import { escapeHtml, type MailMessage } from '../../../../platform/mail/mailer';

export interface InvitationEmailFacts {
  inviterName: string;
  inviterEmail: string;
  inviteeName: string | null;
  inviteeEmail: string;
  childNames: string[];
  canEdit: boolean;
  acceptUrl: string;
  expiresAt: string;
  /** The inviter's time zone, for the expiry date. */
  timeZone: string;
}

/** Names inside a header or a sentence: one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * The invitation mail: plain text and simple HTML with the same words, the accept link written out,
 * every name escaped, no images, no tracking, nothing loaded from elsewhere.
 */
export function invitationEmail(facts: InvitationEmailFacts): MailMessage {
  const inviter = oneLine(facts.inviterName);
  const children = listOf(facts.childNames.map(oneLine));
  const greeting = facts.inviteeName ? `Hello ${oneLine(facts.inviteeName)},` : 'Hello,';
  const expires = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: facts.timeZone }).format(new Date(facts.expiresAt));
  const rights = facts.canEdit
    ? `You will see ${children}'s daily care (the Today dashboard, calendar and history), their family's emergency contacts and overdue-task alerts, and you can record and change their care.`
    : `You will see ${children}'s daily care (the Today dashboard, calendar and history), their family's emergency contacts and overdue-task alerts.`;
  const howTo = `Open the link, then sign in, or create an account with ${facts.inviteeEmail} if you do not have one yet. The link works once and expires on ${expires}.`;
  const ignore = `If you did not expect this invitation, you can ignore this email: nothing happens until the link is opened.`;
  const intro = `${inviter} (${facts.inviterEmail}) invited you to join their care team on CareCircle as a secondary caregiver for ${children}.`;

  const text = [greeting, '', intro, '', rights, '', 'Accept the invitation:', facts.acceptUrl, '', howTo, '', ignore, '', '— CareCircle', ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(rights)}</p>`,
    `<p><a href="${escapeHtml(facts.acceptUrl)}">Accept the invitation</a></p>`,
    `<p>Or copy this link into your browser:<br>${escapeHtml(facts.acceptUrl)}</p>`,
    `<p>${escapeHtml(howTo)}</p>`,
    `<p style="color: #6b7280;">${escapeHtml(ignore)}</p>`,
    '<p>— CareCircle</p>',
    '</body></html>',
  ].join('\n');
  return { to: facts.inviteeEmail, subject: `${inviter} invited you to their care team on CareCircle`, text, html };
}
