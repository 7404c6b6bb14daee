import { Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { billedQuantity } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { billingStream, hasLiveSubscription, isManual } from '../../domain/billing';
import { billingDecider } from '../../domain/billing.decide';
import { RecipientOwnersQuery } from '../../read-models/recipient-owners/recipient-owners.query';
import { StripeGateway } from '../../stripe/stripe-gateway';
import { commandOf } from '../../../../platform/commands/command';

export class SyncSubscriptionQuantity extends commandOf<{ userId: string }, { quantity: number } | { skipped: true }>() {}

/**
 * A live per_child subscription bills one unit per care recipient the user added: when the count
 * differs from the billed quantity, Stripe's item is updated (prorated) and the change recorded.
 * Run by the quantity worker; anything else (family plan, no live subscription, same count) is skipped.
 * A Stripe failure throws, and the job is retried.
 */
@Injectable()
@CommandHandler(SyncSubscriptionQuantity)
export class SyncSubscriptionQuantityHandler implements ICommandHandler<SyncSubscriptionQuantity> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly stripe: StripeGateway,
    private readonly owners: RecipientOwnersQuery,
  ) {}

  async execute({ userId, metadata }: SyncSubscriptionQuantity): Promise<{ quantity: number } | { skipped: true }> {
    if (!this.stripe.configured) return { skipped: true };
    const stream = billingStream(userId);
    const { state } = await this.streams.load(stream, billingDecider);
    const current = state.subscription;
    if (!current || !hasLiveSubscription(state) || current.plan !== 'per_child' || isManual(current)) return { skipped: true };
    const quantity = billedQuantity('per_child', await this.owners.countFor(userId));
    if (quantity === current.quantity) return { skipped: true };
    await this.stripe.updateItem(current.subscriptionId, { quantity });
    await this.streams.execute(stream, billingDecider, { type: 'ChangeQuantity', data: { userId, quantity }, metadata }, { awaitProjections: false });
    return { quantity };
  }
}
