import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PushSubscriptionChanges } from '../push-subscription-changes';
import { commandOf } from '../../../../../platform/commands/command';

/** The push service answered 404 or 410 for a subscription: it is ended (PushSubscriptionExpired). Sent by PushNotifier, no route. */
export class ExpirePushSubscription extends commandOf<{ userId: string; subscriptionId: string; statusCode: number }>() {}

@CommandHandler(ExpirePushSubscription)
export class ExpirePushSubscriptionHandler implements ICommandHandler<ExpirePushSubscription> {
  constructor(private readonly changes: PushSubscriptionChanges) {}

  async execute({ userId, subscriptionId, statusCode, metadata }: ExpirePushSubscription): Promise<void> {
    await this.changes.record({ type: 'ExpirePushSubscription', userId, data: { subscriptionId, statusCode }, metadata });
  }
}
