import { Injectable, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { billedQuantity, type BillingPlan, type BillingSubscription } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { ChildrenQuery } from '../../../care-recipients';
import { billingStream, hasLiveSubscription, isManual } from '../../domain/billing';
import { billingDecider, noSubscription, setByAdmin } from '../../domain/billing.decide';
import { BillingSubscriptionsQuery } from '../../read-models/subscriptions/subscriptions.query';
import { atStripe, StripeGateway } from '../../stripe/stripe-gateway';
import { commandOf } from '../../../../platform/commands/command';

export class ChangePlan extends commandOf<{ userId: string; plan: BillingPlan }, BillingSubscription | null>() {}

/**
 * Update Plan: the live subscription's item switches to the other plan's price (and per_child's
 * quantity), prorated by Stripe (`create_prorations`), then recorded. The same plan changes nothing.
 */
@Injectable()
@CommandHandler(ChangePlan)
export class ChangePlanHandler implements ICommandHandler<ChangePlan> {
  private readonly log = new Logger(ChangePlanHandler.name);

  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly stripe: StripeGateway,
    private readonly children: ChildrenQuery,
    private readonly subscriptions: BillingSubscriptionsQuery,
  ) {}

  async execute({ userId, plan, metadata }: ChangePlan): Promise<BillingSubscription | null> {
    this.stripe.requireConfigured();
    const stream = billingStream(userId);
    const { state } = await this.streams.load(stream, billingDecider);
    const current = state.subscription;
    if (!current || !hasLiveSubscription(state)) throw noSubscription();
    // A plan an admin turned on has nothing at Stripe to switch.
    if (isManual(current)) throw setByAdmin();
    if (current.plan !== plan) {
      const quantity = billedQuantity(plan, await this.children.ownedCount(userId));
      await atStripe(() => this.stripe.updateItem(current.subscriptionId, { plan, quantity }), this.log);
      await this.streams.execute(stream, billingDecider, { type: 'ChangePlan', data: { userId, plan, quantity }, metadata });
    }
    return this.subscriptions.forUser(userId);
  }
}
