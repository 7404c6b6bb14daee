import { ADMIN_TEXT, BILLING_MESSAGES, isBillingPlan, isLiveStatus, SUBSCRIPTION_STATUSES, type BillingPlan, type SubscriptionStatus } from '@carecircle/libs';
import type { Decider, DomainCommand } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import { evolveBilling, hasLiveSubscription, initialBillingState, type BillingEvent, type BillingState } from './billing';

/** A subscription as a Stripe webhook describes it, read into our terms (commands/stripe-objects.ts). */
export interface StripeSubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** From the price's product (or the subscription's metadata); null: not one of our plans. */
  plan: BillingPlan | null;
  quantity: number;
  status: SubscriptionStatus;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
}

export interface StripeInvoiceSnapshot {
  invoiceId: string;
  customerId: string;
  subscriptionId: string | null;
  /** Cents. */
  amount: number;
  currency: string;
  attemptCount: number;
}

export type BillingCommand =
  | DomainCommand<'RecordCustomer', { userId: string; customerId: string }>
  | DomainCommand<'RequestSubscription', { userId: string; subscriptionId: string; plan: BillingPlan; quantity: number }>
  | DomainCommand<'ChangePlan', { userId: string; plan: BillingPlan; quantity: number }>
  | DomainCommand<'ChangeQuantity', { userId: string; quantity: number }>
  /** customer.subscription.created / updated / deleted */
  | DomainCommand<'RecordStripeSubscription', { userId: string; stripeEventId: string; deleted: boolean; subscription: StripeSubscriptionSnapshot }>
  /** invoice.paid / invoice.payment_failed */
  | DomainCommand<'RecordStripeInvoice', { userId: string; stripeEventId: string; paid: boolean; invoice: StripeInvoiceSnapshot }>
  /** PUT /api/admin/users/{userId}/subscription */
  | DomainCommand<'SetSubscriptionByAdmin', { userId: string; adminId: string; plan: BillingPlan; active: boolean }>;

/** The most units one subscription bills (well above FAMILY_LIMITS.recipientsPerCaregiver; within an integer column). */
export const MAX_QUANTITY = 1000;
const STRIPE_ID_MAX = 255;

const invalid = invalidInput('BILLING.INVALID');
export const alreadyActive = () => new DomainError('BILLING.ALREADY_ACTIVE', 'conflict', BILLING_MESSAGES.alreadyActive);
export const noSubscription = () => new DomainError('BILLING.NO_SUBSCRIPTION', 'conflict', BILLING_MESSAGES.noSubscription);
export const setByAdmin = () => new DomainError('BILLING.SET_BY_ADMIN', 'conflict', BILLING_MESSAGES.setByAdmin);

function checkPlan(plan: unknown): void {
  if (!isBillingPlan(plan)) throw invalid('plan', BILLING_MESSAGES.planInvalid);
}
function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) throw invalid('quantity', `quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
}
function checkStripeId(field: string, id: string | null): void {
  if (id !== null && (typeof id !== 'string' || id.length === 0 || id.length > STRIPE_ID_MAX)) throw invalid(field, `${field} is not a Stripe id`);
}

/**
 * What a Stripe subscription webhook changes. Events about another customer, or about an older
 * subscription while a newer one is live, change nothing; a subscription that is new to the stream
 * (or only requested so far) starts; otherwise each difference is its own event.
 */
function decideSubscription(command: Extract<BillingCommand, { type: 'RecordStripeSubscription' }>, state: BillingState): BillingEvent[] {
  const { userId, stripeEventId, deleted, subscription: stripe } = command.data;
  const at = command.metadata.occurredAt;
  const current = state.subscription;
  const ids = { userId, subscriptionId: stripe.subscriptionId, stripeEventId };
  if (!SUBSCRIPTION_STATUSES.includes(stripe.status)) throw invalid('status', `status ${String(stripe.status)} is not a Stripe subscription status`);
  checkQuantity(stripe.quantity);
  const ours = current?.subscriptionId === stripe.subscriptionId;
  if (deleted || stripe.status === 'canceled' || stripe.status === 'incomplete_expired') {
    return ours ? [{ type: 'SubscriptionCancelled', data: { ...ids, cancelledAt: at } }] : [];
  }
  if (!ours && isLiveStatus(current?.status)) return [];
  const plan = stripe.plan ?? (ours ? current!.plan : null);
  if (plan === null) return [];
  const { quantity, status, trialEnd, currentPeriodEnd } = stripe;
  if (!ours || current!.status === null) {
    return [{ type: 'SubscriptionStarted', data: { ...ids, plan, quantity, status, trialEnd, currentPeriodEnd, startedAt: at } }];
  }
  const events: BillingEvent[] = [];
  if (plan !== current!.plan) events.push({ type: 'SubscriptionPlanChanged', data: { ...ids, plan, quantity, changedAt: at } });
  else if (quantity !== current!.quantity) events.push({ type: 'SubscriptionQuantityChanged', data: { ...ids, quantity, changedAt: at } });
  if (status !== current!.status) {
    events.push(
      current!.status === 'trialing' ? { type: 'TrialEnded', data: { ...ids, status, endedAt: at } } : { type: 'SubscriptionStatusChanged', data: { ...ids, status, changedAt: at } },
    );
  }
  if (trialEnd !== current!.trialEnd || currentPeriodEnd !== current!.currentPeriodEnd) {
    events.push({ type: 'SubscriptionPeriodChanged', data: { ...ids, trialEnd, currentPeriodEnd, changedAt: at } });
  }
  return events;
}

export function decideBilling(command: BillingCommand, state: BillingState): BillingEvent[] {
  const at = command.metadata.occurredAt;
  const current = state.subscription;
  switch (command.type) {
    case 'RecordCustomer': {
      const { userId, customerId } = command.data;
      checkStripeId('customerId', customerId);
      if (state.customerId === customerId) return [];
      if (state.customerId !== null) throw new DomainError('BILLING.CUSTOMER_EXISTS', 'conflict', 'This user already has a Stripe customer.');
      return [{ type: 'StripeCustomerCreated', data: { userId, customerId, createdAt: at } }];
    }
    case 'RequestSubscription': {
      const { userId, subscriptionId, plan, quantity } = command.data;
      checkPlan(plan);
      checkQuantity(quantity);
      checkStripeId('subscriptionId', subscriptionId);
      if (hasLiveSubscription(state)) throw alreadyActive();
      if (current?.subscriptionId === subscriptionId) return [];
      return [{ type: 'SubscriptionRequested', data: { userId, subscriptionId, plan, quantity, requestedAt: at } }];
    }
    case 'ChangePlan': {
      const { userId, plan, quantity } = command.data;
      checkPlan(plan);
      checkQuantity(quantity);
      if (!current || !hasLiveSubscription(state)) throw noSubscription();
      if (plan === current.plan && quantity === current.quantity) return [];
      return [{ type: 'SubscriptionPlanChanged', data: { userId, subscriptionId: current.subscriptionId, plan, quantity, changedAt: at } }];
    }
    case 'ChangeQuantity': {
      const { userId, quantity } = command.data;
      checkQuantity(quantity);
      if (!current || !hasLiveSubscription(state) || current.plan !== 'per_child' || current.quantity === quantity) return [];
      return [{ type: 'SubscriptionQuantityChanged', data: { userId, subscriptionId: current.subscriptionId, quantity, changedAt: at } }];
    }
    case 'RecordStripeSubscription': {
      const { stripeEventId, subscription } = command.data;
      if (state.stripeEventIds[stripeEventId] || state.customerId === null || subscription.customerId !== state.customerId) return [];
      return decideSubscription(command, state);
    }
    case 'RecordStripeInvoice': {
      const { userId, stripeEventId, paid, invoice } = command.data;
      if (state.stripeEventIds[stripeEventId] || state.customerId === null || invoice.customerId !== state.customerId || invoice.subscriptionId === null) return [];
      const ids = { userId, subscriptionId: invoice.subscriptionId, stripeEventId, invoiceId: invoice.invoiceId, currency: invoice.currency };
      return paid
        ? [{ type: 'PaymentSucceeded', data: { ...ids, amountPaid: invoice.amount, paidAt: at } }]
        : [{ type: 'PaymentFailed', data: { ...ids, amountDue: invoice.amount, attemptCount: invoice.attemptCount, failedAt: at } }];
    }
    case 'SetSubscriptionByAdmin': {
      const { userId, adminId, plan, active } = command.data;
      checkPlan(plan);
      if (typeof active !== 'boolean') throw invalid('active', ADMIN_TEXT.activeInvalid);
      const live = hasLiveSubscription(state);
      if (active ? live && current!.plan === plan : !live) return [];
      return [{ type: 'SubscriptionSetByAdmin', data: { userId, adminId, plan, active, setAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const billingDecider: Decider<BillingCommand, BillingEvent, BillingState> = {
  decide: decideBilling,
  evolve: evolveBilling,
  initialState: initialBillingState,
};
