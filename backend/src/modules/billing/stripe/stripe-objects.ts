import type Stripe from 'stripe';
import { isBillingPlan, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@carecircle/libs';
import type { StripeInvoiceSnapshot, StripeSubscriptionSnapshot } from '../domain/billing.decide';
import { planOfProduct } from './stripe-gateway';

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
const instant = (seconds: number | null | undefined): string | null => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

/** The webhook types that become billing events; any other type is answered 200 and ignored. */
export const SUBSCRIPTION_WEBHOOKS = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'] as const;
export const INVOICE_WEBHOOKS = ['invoice.paid', 'invoice.payment_failed'] as const;

/**
 * A Stripe subscription in our terms. The plan comes from the price's product (what the portal
 * changes too), else the metadata we set; the period end from the item (API 2025-03 and later),
 * else the subscription (older API versions).
 */
export function subscriptionSnapshot(subscription: Stripe.Subscription): StripeSubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  const product = idOf(item?.price?.product as string | { id: string } | undefined);
  const metadataPlan = subscription.metadata?.plan;
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status) ? (subscription.status as SubscriptionStatus) : ('incomplete' as const);
  const legacyPeriodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    plan: planOfProduct(product) ?? (isBillingPlan(metadataPlan) ? metadataPlan : null),
    quantity: item?.quantity ?? 1,
    status,
    trialEnd: instant(subscription.trial_end),
    currentPeriodEnd: instant(item?.current_period_end ?? legacyPeriodEnd),
  };
}

/** A Stripe invoice in our terms: its subscription from `parent.subscription_details` (API 2025-03 and later) or `subscription` (older). */
export function invoiceSnapshot(invoice: Stripe.Invoice, paid: boolean): StripeInvoiceSnapshot {
  const legacySubscription = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return {
    invoiceId: invoice.id ?? '',
    customerId: idOf(invoice.customer as string | { id: string } | null) ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacySubscription),
    amount: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    attemptCount: invoice.attempt_count ?? 0,
  };
}

/** The customer an event's object belongs to, and the user id our metadata names (when present). */
export function ownerOf(object: { customer?: unknown; metadata?: Record<string, string> | null }): { customerId: string | null; userId: string | null } {
  return { customerId: idOf(object.customer as string | { id: string } | null), userId: object.metadata?.userId ?? null };
}
