import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { PushMessage } from '@carecircle/libs';
import { ExpirePushSubscription } from '../commands/expire-push-subscription/expire-push-subscription.handler';
import { PushSubscriptionsQuery, type StoredPushSubscription } from '../read-models/push-subscriptions/push-subscriptions.query';
import { WebPushSender } from './web-push-sender';

/** Lengths that keep a payload well inside what push services accept (4 KB, encrypted). */
const MAX = { title: 120, body: 600, tag: 100, path: 500 } as const;

/** A same-origin path ('/tasks/1'), never another site ('//evil.example', 'https://...'). */
const isSamePath = (path: unknown): path is string => typeof path === 'string' && path.length <= MAX.path && /^\/(?![/\\])[^\s]*$/.test(path);
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The JSON the service worker shows (frontend/public/sw.js): only the message's fields, bounded; a bad link opens the app's start. */
export function pushPayload(message: PushMessage): string {
  return JSON.stringify({
    title: cut(message.title, MAX.title),
    body: cut(message.body, MAX.body),
    url: isSamePath(message.url) ? message.url : '/',
    ...(message.tag ? { tag: cut(message.tag, MAX.tag) } : {}),
    ...(isSamePath(message.image) ? { image: message.image } : {}),
  });
}

/**
 * Sends a web push to every device a user subscribed (what the reminder workers call). The caller
 * builds the message and is answerable for what it says: the recipient's name, the task and its
 * time, never medical notes, dosages' reasons or other health details (a notification shows on a
 * locked screen). Answers how many subscriptions the push services accepted it for. A subscription
 * the push service answers 404 or 410 for is ended (PushSubscriptionExpired); other failures are
 * logged and the subscription kept.
 */
@Injectable()
export class PushNotifier {
  private readonly logger = new Logger(PushNotifier.name);

  constructor(
    private readonly subscriptions: PushSubscriptionsQuery,
    private readonly sender: WebPushSender,
    private readonly commands: CommandBus,
  ) {}

  async sendToUser(userId: string, message: PushMessage): Promise<number> {
    return this.sendTo(await this.subscriptions.ofUser(userId), message);
  }

  /** The subscriptions of many users in one statement, for sendTo (a burst of alerts reads them once). */
  subscriptionsOf(userIds: string[]): Promise<Map<string, StoredPushSubscription[]>> {
    return this.subscriptions.ofUsers(userIds);
  }

  /** sendToUser with the user's subscriptions already read (subscriptionsOf). */
  async sendTo(subscriptions: StoredPushSubscription[], message: PushMessage): Promise<number> {
    if (subscriptions.length === 0) return 0;
    const payload = pushPayload(message);
    const delivered = await Promise.all(subscriptions.map((subscription) => this.sendOne(subscription, payload)));
    return delivered.filter(Boolean).length;
  }

  /** Whether the user has any subscription at all. */
  async hasSubscriptions(userId: string): Promise<boolean> {
    return (await this.subscriptions.ofUser(userId)).length > 0;
  }

  private async sendOne(subscription: StoredPushSubscription, payload: string): Promise<boolean> {
    const outcome = await this.sender.send(subscription, payload);
    if (outcome.delivered) return true;
    if (outcome.gone) {
      await this.commands.execute(
        new ExpirePushSubscription({ userId: subscription.userId, subscriptionId: subscription.id, statusCode: outcome.statusCode!, metadata: { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() } }),
      );
    } else {
      this.logger.warn(`Web push to subscription ${subscription.id} failed: ${outcome.reason}`);
    }
    return false;
  }
}
