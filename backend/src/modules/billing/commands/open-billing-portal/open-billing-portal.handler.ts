import { Injectable, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BILLING_MESSAGES } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { billingStream } from '../../domain/billing';
import { billingDecider } from '../../domain/billing.decide';
import { atStripe, StripeGateway } from '../../stripe/stripe-gateway';
import { commandOf } from '../../../../platform/commands/command';

export class OpenBillingPortal extends commandOf<{ userId: string }, { url: string }>() {}

/** Manage Billing: a Stripe customer-portal session for the user's customer (nothing is recorded: the portal's changes come back as webhooks). */
@Injectable()
@CommandHandler(OpenBillingPortal)
export class OpenBillingPortalHandler implements ICommandHandler<OpenBillingPortal> {
  private readonly log = new Logger(OpenBillingPortalHandler.name);

  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly stripe: StripeGateway,
  ) {}

  async execute({ userId }: OpenBillingPortal): Promise<{ url: string }> {
    this.stripe.requireConfigured();
    const { state } = await this.streams.load(billingStream(userId), billingDecider);
    const customerId = state.customerId;
    if (!customerId) throw new DomainError('BILLING.NO_CUSTOMER', 'conflict', BILLING_MESSAGES.noCustomer);
    return { url: await atStripe(() => this.stripe.portalUrl(customerId), this.log) };
  }
}
