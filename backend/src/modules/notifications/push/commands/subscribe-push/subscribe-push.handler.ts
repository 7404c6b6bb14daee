import { createECDH } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../../config/app-config';
import { DomainError } from '../../../../../platform/commands/domain-error';
import { assertPublicEndpoint } from '../../delivery/public-address';
import { PUSH_TEXT, readPushSubscription, type PushSubscriptionInput } from '../../domain/push-subscriptions.decide';
import { PushSubscriptionChanges } from '../push-subscription-changes';
import { commandOf } from '../../../../../platform/commands/command';

/** The subscription this browser now has (null if none has its endpoint), and whether it is new (an endpoint already there keeps its id). */
export interface PushSubscribed {
  subscriptionId: string | null;
  created: boolean;
}

/** A browser's subscription for the user; `subscriptionId` names it when its endpoint is new. */
export class SubscribePush extends commandOf<{ userId: string; subscriptionId: string; subscription: PushSubscriptionInput }, PushSubscribed>() {}

/** The browser's key must be a point on P-256, or no message could ever be encrypted for it. */
function assertCurvePoint(p256dh: string): void {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw new DomainError('PUSH.INVALID', 'invalid', PUSH_TEXT.p256dh, [{ field: 'keys.p256dh', message: PUSH_TEXT.p256dh }]);
  }
}

/**
 * Before a subscription is recorded, what needs more than the decider can know is checked: the key
 * is a real P-256 point and the endpoint's host resolves to public addresses only (no server-side
 * request forgery).
 */
@CommandHandler(SubscribePush)
export class SubscribePushHandler implements ICommandHandler<SubscribePush> {
  constructor(
    private readonly changes: PushSubscriptionChanges,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'push'>,
  ) {}

  async execute({ userId, subscriptionId, subscription, metadata }: SubscribePush): Promise<PushSubscribed> {
    const { endpoint, p256dh } = readPushSubscription(subscription);
    assertCurvePoint(p256dh);
    await assertPublicEndpoint(endpoint, this.config.push.allowLoopback);
    const { events, state } = await this.changes.record({ type: 'SubscribePush', userId, data: { subscriptionId, subscription }, metadata });
    return {
      subscriptionId: Object.entries(state.active).find(([, s]) => s.endpoint === subscription.endpoint)?.[0] ?? null,
      created: events.some((e) => e.type === 'PushSubscribed' && e.data.subscriptionId === subscriptionId),
    };
  }
}
