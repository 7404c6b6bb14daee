import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../../platform/commands/decider';
import { PushSubscriptionChanges } from '../push-subscription-changes';

/** The push service answered 404 or 410 for a subscription: it is ended (PushSubscriptionExpired). Sent by PushNotifier, no route. */
export class ExpirePushSubscription extends Command<void> {
  constructor(
    readonly userId: string,
    readonly subscriptionId: string,
    readonly statusCode: number,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(ExpirePushSubscription)
export class ExpirePushSubscriptionHandler implements ICommandHandler<ExpirePushSubscription> {
  constructor(private readonly changes: PushSubscriptionChanges) {}

  async execute({ userId, subscriptionId, statusCode, metadata }: ExpirePushSubscription): Promise<void> {
    await this.changes.record({ type: 'ExpirePushSubscription', userId, data: { subscriptionId, statusCode }, metadata });
  }
}
