import { Inject, Injectable, Logger } from '@nestjs/common';
import { taskPath } from '@carecircle/libs';
import { APP_CONFIG, publicBaseUrl, type AppConfig } from '../../../config/app-config';
import { escapeHtml, MAILER, type Mailer } from '../../../platform/mail/mailer';
import { UsersQuery } from '../../identity';
import type { AlertDelivery } from '../../scheduling';
import type { AlertText } from '../domain/alert-texts';
import { PushNotifier, type StoredPushSubscription } from '../push';
import { Slots } from './slots';

/** Where an alert leads (a push click, the email's link) and the tag that lets a newer push replace an older one. */
export interface AlertLink {
  path: string;
  tag: string;
}

export const taskLink = (taskId: string): AlertLink => ({ path: taskPath(taskId), tag: `task-${taskId}` });

/** A recorded alert to send: who by which channels, its text and link, and the emergency contacts an escalation emails. */
export interface Alert {
  deliveries: AlertDelivery[];
  text: Pick<AlertText, 'title' | 'message'>;
  link: AlertLink;
  contacts?: ContactAddress[];
}

/** An emergency contact an escalation emails (they have no account: no link to sign in to). */
export interface ContactAddress {
  contactId: string;
  name: string;
  email: string;
}

/**
 * Alerts this process sends at once. A burst's alerts wait their turn here: hundreds of pushes opening
 * connections at the same moment time out on a busy machine, and a push that fails is not sent again.
 */
const SENDING_AT_ONCE = 32;

/**
 * Sends what a worker recorded, by the channels it recorded: 'in_app' needs nothing here (the
 * notifications projection makes the rows), 'push' goes to the caregiver's browsers (web push; the
 * message opens the task), 'email' goes through the Mailer port. A channel that
 * fails is logged and never fails the job: the alert is recorded, and sending it again could alert twice.
 */
@Injectable()
export class AlertSender {
  private readonly log = new Logger(AlertSender.name);
  private readonly sending = new Slots(SENDING_AT_ONCE);

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersQuery,
    private readonly push: PushNotifier,
  ) {}

  async send(deliveries: AlertDelivery[], text: Pick<AlertText, 'title' | 'message'>, link: AlertLink, contacts: ContactAddress[] = []): Promise<void> {
    await this.sendAll([{ deliveries, text, link, contacts }]);
  }

  /**
   * Alerts recorded together (a burst's batch): the push subscriptions of everyone alerted by push
   * read in one statement, then each alert sent as send() does. An alert with nothing to send (no
   * subscription, no email) takes no turn.
   */
  async sendAll(alerts: Alert[]): Promise<void> {
    const pushedTo = alerts.flatMap(({ deliveries }) => deliveries.flatMap((d) => ('userId' in d && d.channels.includes('push') ? [d.userId] : [])));
    let subscriptions = new Map<string, StoredPushSubscription[]>();
    if (pushedTo.length > 0) {
      try {
        subscriptions = await this.push.subscriptionsOf(pushedTo);
      } catch (error) {
        this.log.warn(`alert pushes not sent: push subscriptions unreadable: ${(error as Error).message}`);
      }
    }
    await Promise.all(
      alerts.map((alert) => {
        const pushes = alert.deliveries.flatMap((d) => ('userId' in d && d.channels.includes('push') && subscriptions.has(d.userId) ? [subscriptions.get(d.userId)!] : []));
        const emails = alert.deliveries.some((d) => d.channels.includes('email'));
        if (pushes.length === 0 && !emails) return undefined;
        return this.sending.run(() => Promise.all([this.sendPush(pushes, alert), emails ? this.sendEmail(alert.deliveries, alert.text, alert.link, alert.contacts ?? []) : undefined]));
      }),
    );
  }

  private async sendPush(pushes: StoredPushSubscription[][], { text, link }: Alert): Promise<void> {
    const message = { title: text.title, body: text.message, url: link.path, tag: link.tag };
    await Promise.all(
      pushes.map(async (subscriptions) => {
        try {
          await this.push.sendTo(subscriptions, message);
        } catch (error) {
          this.log.warn(`alert push for ${link.path} failed: ${(error as Error).message}`);
        }
      }),
    );
  }

  private async sendEmail(deliveries: AlertDelivery[], text: Pick<AlertText, 'title' | 'message'>, link: AlertLink, contacts: ContactAddress[]): Promise<void> {
    const byEmail = deliveries.filter((d) => d.channels.includes('email'));
    const userIds = byEmail.flatMap((d) => ('userId' in d ? [d.userId] : []));
    const addresses = userIds.length > 0 ? await this.users.contacts(userIds) : new Map<string, { name: string; email: string }>();
    const url = `${publicBaseUrl(this.config)}${link.path}`;
    await Promise.all(
      byEmail.map(async (delivery) => {
        const to = 'userId' in delivery ? addresses.get(delivery.userId)?.email : contacts.find((c) => c.contactId === delivery.contactId)?.email;
        if (!to) return;
        const forCaregiver = 'userId' in delivery;
        const sent = await this.mailer.send({
          to,
          subject: text.title,
          text: forCaregiver ? `${text.message}\n\nOpen it in CareCircle:\n${url}\n` : `${text.message}\n\nYou are listed as an emergency contact for this family in CareCircle. Please check in with them.\n`,
          html: forCaregiver
            ? `<p>${escapeHtml(text.message)}</p><p><a href="${escapeHtml(url)}">Open it in CareCircle</a></p>`
            : `<p>${escapeHtml(text.message)}</p><p>You are listed as an emergency contact for this family in CareCircle. Please check in with them.</p>`,
        });
        if (!sent && this.mailer.configured) this.log.warn(`alert email for ${link.path} was not delivered`);
      }),
    );
  }
}
