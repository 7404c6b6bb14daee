import { createECDH } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { assertPublicEndpoint } from '../delivery/public-address';
import { pushSubscriptionsStream } from '../domain/push-subscriptions';
import { PUSH_TEXT, pushSubscriptionsDecider, readPushSubscription, type PushSubscriptionCommand } from '../domain/push-subscriptions.decide';

export class ExecutePushSubscriptionCommand {
  constructor(readonly command: PushSubscriptionCommand) {}
}

/** The subscription the command is about once it ran (null when there is none), and whether it is new. */
export interface PushSubscriptionResult {
  subscriptionId: string | null;
  created: boolean;
}

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
 * A change to a user's push subscriptions, in that user's own stream. Before a subscription is
 * recorded, what needs more than the decider can know is checked: the key is a real P-256 point and
 * the endpoint's host resolves to public addresses only (no server-side request forgery).
 */
@CommandHandler(ExecutePushSubscriptionCommand)
export class PushSubscriptionCommandHandler implements ICommandHandler<ExecutePushSubscriptionCommand, PushSubscriptionResult> {
  constructor(
    private readonly streams: EventSourcedStreams,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'push'>,
  ) {}

  async execute({ command }: ExecutePushSubscriptionCommand): Promise<PushSubscriptionResult> {
    if (command.type === 'SubscribePush') {
      const { endpoint, p256dh } = readPushSubscription(command.data.subscription);
      assertCurvePoint(p256dh);
      await assertPublicEndpoint(endpoint, this.config.push.allowLoopback);
    }
    const { events, state } = await this.streams.execute(pushSubscriptionsStream(command.userId), pushSubscriptionsDecider, command);
    if (command.type !== 'SubscribePush') return { subscriptionId: null, created: events.length > 0 };
    const subscriptionId = Object.entries(state.active).find(([, s]) => s.endpoint === command.data.subscription.endpoint)?.[0] ?? null;
    return { subscriptionId, created: events.some((e) => e.type === 'PushSubscribed' && e.data.subscriptionId === command.data.subscriptionId) };
  }
}
