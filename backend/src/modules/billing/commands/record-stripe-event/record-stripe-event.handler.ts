import { BadRequestException, HttpException, Injectable, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import { BILLING_MESSAGES } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { billingStream, type BillingEvent } from '../../domain/billing';
import { billingDecider, type BillingCommand } from '../../domain/billing.decide';
import { BillingSubscriptionsQuery } from '../../read-models/subscriptions/subscriptions.query';
import { StripeGateway } from '../../stripe/stripe-gateway';
import { checkEnvelope, INVOICE_WEBHOOKS, invoiceSnapshot, ownerOf, SUBSCRIPTION_WEBHOOKS, subscriptionSnapshot } from '../../stripe/stripe-objects';
import { commandOf } from '../../../../platform/commands/command';

export class RecordStripeEvent extends commandOf<{ rawBody: Buffer | undefined; signature: string | undefined }, { received: true; recorded: BillingEvent['type'][] }>() {}

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/**
 * A Stripe webhook (POST /api/stripe/webhook): the signature over the raw body checked with the
 * SDK (300 s tolerance; a bad or stale one is a 400 and changes nothing), then subscription and
 * invoice events become billing events in the stream of the user whose Stripe customer it names,
 * through the decider, which applies each Stripe event id once. Other types, and customers we do not
 * know, are answered 200 and ignored (Stripe stops retrying). The events are dated when Stripe made
 * them, so a late or repeated delivery records the same times.
 */
@Injectable()
@CommandHandler(RecordStripeEvent)
export class RecordStripeEventHandler implements ICommandHandler<RecordStripeEvent> {
  private readonly log = new Logger(RecordStripeEventHandler.name);

  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly stripe: StripeGateway,
    private readonly subscriptions: BillingSubscriptionsQuery,
  ) {}

  async execute({ rawBody, signature, metadata }: RecordStripeEvent): Promise<{ received: true; recorded: BillingEvent['type'][] }> {
    this.stripe.requireConfigured();
    let event: unknown;
    try {
      if (!rawBody || !signature) throw new Error('no body or no Stripe-Signature header');
      event = await this.stripe.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof HttpException) throw error;
      this.log.warn(`Stripe webhook refused: ${(error as Error).message}`);
      throw new BadRequestException(BILLING_MESSAGES.signatureInvalid);
    }
    checkEnvelope(event);
    const command = await this.commandFor(event, { actorId: null, correlationId: metadata.correlationId, occurredAt: new Date(event.created * 1000).toISOString() });
    if (!command) return { received: true, recorded: [] };
    const { events } = await this.streams.execute(billingStream(command.data.userId), billingDecider, command);
    return { received: true, recorded: events.map((e) => e.type) };
  }

  private async commandFor(event: Stripe.Event, metadata: BillingCommand['metadata']): Promise<BillingCommand | null> {
    const object = event.data.object as { customer?: unknown; metadata?: Record<string, string> | null };
    const { customerId } = ownerOf(object);
    if (!isOneOf(SUBSCRIPTION_WEBHOOKS, event.type) && !isOneOf(INVOICE_WEBHOOKS, event.type)) return null;
    const userId = customerId ? await this.subscriptions.userOfCustomer(customerId) : null;
    if (!userId) {
      this.log.warn(`Stripe ${event.type} ${event.id} names customer ${customerId ?? '(none)'}, which is no user's: ignored`);
      return null;
    }
    if (isOneOf(SUBSCRIPTION_WEBHOOKS, event.type)) {
      const subscription = subscriptionSnapshot(event.data.object as Stripe.Subscription);
      return { type: 'RecordStripeSubscription', data: { userId, stripeEventId: event.id, deleted: event.type === 'customer.subscription.deleted', subscription }, metadata };
    }
    const paid = event.type === 'invoice.paid';
    return { type: 'RecordStripeInvoice', data: { userId, stripeEventId: event.id, paid, invoice: invoiceSnapshot(event.data.object as Stripe.Invoice, paid) }, metadata };
  }
}
