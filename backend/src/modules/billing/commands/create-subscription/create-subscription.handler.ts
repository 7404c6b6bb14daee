import { BadGatewayException, Injectable, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BILLING_MESSAGES, billedQuantity, type BillingPlan, type CreateSubscriptionAnswer, type User } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { ChildrenQuery } from '../../../care-recipients';
import { displayName } from '../../../identity';
import { billingStream, hasLiveSubscription, type BillingState } from '../../domain/billing';
import { alreadyActive, billingDecider } from '../../domain/billing.decide';
import { atStripe, clientSecretOf, StripeGateway } from '../../stripe/stripe-gateway';
import { commandOf } from '../../../../platform/commands/command';

export class CreateSubscription extends commandOf<{ user: User; plan: BillingPlan }, CreateSubscriptionAnswer>() {}

/** Stripe statuses of a subscription whose payment step can still be completed. */
const OPEN = ['incomplete', 'trialing'];

/**
 * Subscribe (spec section 7): the user's Stripe customer (made once, recorded in the billing stream),
 * then a subscription with the 7-day trial waiting for a payment method, billing per_child one unit
 * per care recipient the user added (at least one; counted here, never taken from the client) or
 * family_plan one. Answers the secret the Payment Element confirms. A subscription asked for earlier
 * that Stripe has not confirmed yet is reused when it still fits, else cancelled first, so a user
 * never holds two.
 */
@Injectable()
@CommandHandler(CreateSubscription)
export class CreateSubscriptionHandler implements ICommandHandler<CreateSubscription> {
  private readonly log = new Logger(CreateSubscriptionHandler.name);

  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly stripe: StripeGateway,
    private readonly children: ChildrenQuery,
  ) {}

  async execute({ user, plan, metadata }: CreateSubscription): Promise<CreateSubscriptionAnswer> {
    this.stripe.requireConfigured();
    const stream = billingStream(user.id);
    let { state } = await this.streams.load(stream, billingDecider);
    if (hasLiveSubscription(state)) throw alreadyActive();
    const quantity = billedQuantity(plan, await this.children.ownedCount(user.id));
    const customerId = state.customerId ?? (await atStripe(() => this.stripe.createCustomer(user.id, user.email, displayName(user)), this.log));
    if (state.customerId === null) {
      ({ state } = await this.streams.execute(stream, billingDecider, { type: 'RecordCustomer', data: { userId: user.id, customerId }, metadata }));
    }
    const reused = await this.reusePending(state, plan, quantity);
    if (reused) return { clientSecret: reused };

    const subscription = await atStripe(() => this.stripe.createSubscription({ userId: user.id, customerId, plan, quantity }), this.log);
    const clientSecret = clientSecretOf(subscription);
    if (!clientSecret) throw new BadGatewayException(BILLING_MESSAGES.stripeFailed);
    await this.streams.execute(stream, billingDecider, { type: 'RequestSubscription', data: { userId: user.id, subscriptionId: subscription.id, plan, quantity }, metadata });
    return { clientSecret };
  }

  /** The secret of the subscription asked for before, when Stripe has not confirmed it yet and it fits; otherwise it is cancelled. */
  private async reusePending(state: BillingState, plan: BillingPlan, quantity: number): Promise<string | null> {
    const pending = state.subscription?.status === null ? state.subscription : null;
    if (!pending) return null;
    const existing = await atStripe(() => this.stripe.retrieveSubscription(pending.subscriptionId), this.log);
    const secret = clientSecretOf(existing);
    if (OPEN.includes(existing.status) && pending.plan === plan && pending.quantity === quantity && secret) return secret;
    if (OPEN.includes(existing.status)) await atStripe(() => this.stripe.cancelSubscription(pending.subscriptionId), this.log);
    return null;
  }
}
