/**
 * The one way the app sends email (DESIGN.md, Email). `SmtpMailer` sends through nodemailer when
 * SMTP_URL is set; otherwise `UnsentMailer` sends nothing and logs that it did not, and the screens
 * that depend on a mail show its link to share by hand. `send` answers whether the mail went out: a
 * mail that cannot be delivered never fails the command that asked for it.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: the whole message, links written out. */
  text: string;
  /** Simple HTML of the same content; every user-given text in it is escaped (`escapeHtml`). */
  html: string;
}

export interface Mailer {
  /** Whether mail can be sent at all (SMTP_URL set). */
  readonly configured: boolean;
  send(message: MailMessage): Promise<boolean>;
}

export const MAILER = Symbol('MAILER');

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML elements and quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
