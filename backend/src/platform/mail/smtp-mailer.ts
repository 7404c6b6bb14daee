import { Logger } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** How long a send may take before the command answers without it (the caller then shows the link). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Sends through the SMTP server of SMTP_URL (`smtp://` or `smtps://`, credentials in the URL), from MAIL_FROM. */
export class SmtpMailer implements Mailer {
  readonly configured = true;
  private readonly log = new Logger('Mailer');
  // nodemailer is loaded with the first mail, not at every start.
  private transport: Promise<Transporter> | null = null;

  constructor(private readonly smtp: { url: string; from: string }) {}

  async send(message: MailMessage): Promise<boolean> {
    try {
      this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport({ url: this.smtp.url, ...TIMEOUTS }, { from: this.smtp.from }));
      await (await this.transport).sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
      return true;
    } catch (error) {
      // The recipient's address is personal data: the log names the subject only.
      this.log.warn(`mail "${message.subject}" not sent: ${(error as Error).message}`);
      return false;
    }
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}

/** SMTP_URL unset: nothing is sent, the log says so, and the caller shows the link to share by hand. */
export class UnsentMailer implements Mailer {
  readonly configured = false;
  private readonly log = new Logger('Mailer');

  async send(message: MailMessage): Promise<boolean> {
    this.log.log(`SMTP_URL is not set: mail "${message.subject}" was not sent; the screen shows its link to share by hand`);
    return false;
  }
}
