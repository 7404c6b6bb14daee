import type Stripe from 'stripe';
import { BILLING_MESSAGES, isBillingPlan, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@carecircle/libs';
import { invalidInput } from '../../../platform/commands/domain-error';
import type { StripeInvoiceSnapshot, StripeSubscriptionSnapshot } from '../domain/billing.decide';
import { planOfProduct } from './stripe-gateway';

/**
 * A signed webhook is still read as untrusted JSON: a field of another type than Stripe's is a 400
 * naming it (BILLING_MESSAGES.webhookMalformed), never a 500 and never a guess recorded as an event.
 */
const malformed = (field: string) => invalidInput('BILLING.MALFORMED_WEBHOOK')(field, BILLING_MESSAGES.webhookMalformed(field));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Stripe's ids (`evt_...`, `sub_...`) are short; ours are stored as at most 255 characters. */
const isStripeId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 255;
/** Seconds since 1970, within the dates the store keeps (before 2100). */
const LAST_SECOND = Date.UTC(2100, 0, 1) / 1000;
const isSeconds = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) < LAST_SECOND;

const idOf = (value: unknown): string | null => (value == null ? null : typeof value === 'string' ? value : isRecord(value) && typeof value.id === 'string' ? value.id : null);
/** A time Stripe gave in seconds (null or absent: none), as ISO; anything else is a 400 naming `field`. */
function instant(seconds: unknown, field: string): string | null {
  if (seconds == null) return null;
  if (!isSeconds(seconds)) throw malformed(field);
  return new Date(seconds * 1000).toISOString();
}
function wholeAtLeastZero(value: unknown, field: string): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 2 ** 31 - 1) throw malformed(field);
  return value as number;
}

/** The verified event's envelope: a Stripe id, a type, when Stripe made it, and its object; else a 400 naming the field. */
export function checkEnvelope(event: unknown): asserts event is Stripe.Event {
  if (!isRecord(event)) throw malformed('event');
  if (!isStripeId(event.id)) throw malformed('id');
  if (typeof event.type !== 'string' || event.type.length > 255) throw malformed('type');
  if (!isSeconds(event.created)) throw malformed('created');
  if (!isRecord(event.data) || !isRecord(event.data.object)) throw malformed('data.object');
}

/** The webhook types that become billing events; any other type is answered 200 and ignored. */
export const SUBSCRIPTION_WEBHOOKS = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'] as const;
export const INVOICE_WEBHOOKS = ['invoice.paid', 'invoice.payment_failed'] as const;

/**
 * A Stripe subscription in our terms. The plan comes from the price's product (what the portal
 * changes too), else the metadata we set; the period end from the item (API 2025-03 and later),
 * else the subscription (older API versions).
 */
export function subscriptionSnapshot(subscription: Stripe.Subscription): StripeSubscriptionSnapshot {
  if (!isStripeId(subscription.id)) throw malformed('data.object.id');
  const items: unknown = subscription.items?.data;
  if (items !== undefined && (!Array.isArray(items) || (items.length > 0 && !isRecord(items[0])))) throw malformed('data.object.items');
  const item = (items as Stripe.SubscriptionItem[] | undefined)?.[0];
  const product = idOf(item?.price?.product);
  const metadataPlan = isRecord(subscription.metadata) ? subscription.metadata.plan : undefined;
  if (!(SUBSCRIPTION_STATUSES as readonly unknown[]).includes(subscription.status)) throw malformed('data.object.status');
  const legacyPeriodEnd = (subscription as unknown as { current_period_end?: unknown }).current_period_end;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    plan: planOfProduct(product) ?? (isBillingPlan(metadataPlan) ? metadataPlan : null),
    quantity: item?.quantity ?? 1,
    status: subscription.status as SubscriptionStatus,
    trialEnd: instant(subscription.trial_end, 'data.object.trial_end'),
    currentPeriodEnd: instant(item?.current_period_end ?? legacyPeriodEnd, 'data.object.items.current_period_end'),
  };
}

/** A Stripe invoice in our terms: its subscription from `parent.subscription_details` (API 2025-03 and later) or `subscription` (older). */
export function invoiceSnapshot(invoice: Stripe.Invoice, paid: boolean): StripeInvoiceSnapshot {
  const legacySubscription = (invoice as unknown as { subscription?: unknown }).subscription;
  if (!isStripeId(invoice.id)) throw malformed('data.object.id');
  if (typeof invoice.currency !== 'string' || !/^[a-z]{3}$/.test(invoice.currency)) throw malformed('data.object.currency');
  const parent: unknown = invoice.parent;
  const details = isRecord(parent) && isRecord(parent.subscription_details) ? parent.subscription_details : null;
  return {
    invoiceId: invoice.id,
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(details?.subscription) ?? idOf(legacySubscription),
    amount: paid ? wholeAtLeastZero(invoice.amount_paid, 'data.object.amount_paid') : wholeAtLeastZero(invoice.amount_due, 'data.object.amount_due'),
    currency: invoice.currency,
    attemptCount: invoice.attempt_count == null ? 0 : wholeAtLeastZero(invoice.attempt_count, 'data.object.attempt_count'),
  };
}

/** The customer an event's object belongs to, and the user id our metadata names (when present). */
export function ownerOf(object: { customer?: unknown; metadata?: Record<string, string> | null }): { customerId: string | null; userId: string | null } {
  return { customerId: idOf(object.customer), userId: object.metadata?.userId ?? null };
}
