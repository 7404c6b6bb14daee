import { Injectable, Logger } from '@nestjs/common';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { Erasure } from '../../../../platform/privacy/erasure';
import { billingStream, isManual } from '../../domain/billing';
import { billingDecider } from '../../domain/billing.decide';
import { atStripe, StripeGateway } from '../../stripe/stripe-gateway';

/**
 * Delete Account stops the charges: before the account is erased, its Stripe subscription (live or
 * only requested) is cancelled at Stripe, so a deleted family is never billed again. Stripe refusing
 * is a 502 and the account stays (Delete Account can be tried again); a plan an admin set has
 * nothing at Stripe. With STRIPE_* unset nothing can be cancelled here: the log says so, and the
 * account is erased (its billing rows go with it, docs/billing.md).
 */
@Injectable()
export class CancelSubscriptionOnErasure {
  private readonly log = new Logger(CancelSubscriptionOnErasure.name);

  constructor(
    erasure: Erasure,
    private readonly streams: EventSourcedStreams,
    private readonly stripe: StripeGateway,
  ) {
    erasure.onAccountErasure((userId) => this.cancel(userId));
  }

  async cancel(userId: string): Promise<void> {
    const { state } = await this.streams.load(billingStream(userId), billingDecider);
    const current = state.subscription;
    if (!current || isManual(current)) return;
    if (!this.stripe.configured) {
      this.log.error(`user ${userId} was erased with Stripe subscription ${current.subscriptionId}, which cannot be cancelled here (STRIPE_* unset): cancel it in Stripe`);
      return;
    }
    await atStripe(() => this.stripe.cancelSubscription(current.subscriptionId), this.log);
  }
}
