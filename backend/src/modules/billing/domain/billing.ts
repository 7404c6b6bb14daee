import { isLiveStatus, type BillingPlan, type SubscriptionStatus } from '@carecircle/libs';

/**
 * A user's billing (docs/billing.md): one stream per user, `billing-{userId}`. Stripe is the source
 * of truth of a subscription's status: the app records what it asked Stripe for (a customer, a
 * subscription, a plan or quantity change) and what Stripe's webhooks then say happened, each Stripe
 * event at most once (`stripeEventId`). Ids are Stripe's (`cus_...`, `sub_...`, `in_...`); no
 * personal data: names and emails go to Stripe, never into these events.
 */
interface Subscription {
  userId: string;
  subscriptionId: string;
}
/** What a Stripe event said, and which one (a redelivery carries the same id and is not applied again). */
interface FromStripe {
  stripeEventId: string;
}
/** The subscription's dates as Stripe gave them (ISO), null when it has none (no trial). */
interface Period {
  trialEnd: string | null;
  currentPeriodEnd: string | null;
}

export type BillingEvent =
  | { type: 'StripeCustomerCreated'; data: { userId: string; customerId: string; createdAt: string } }
  /** The app asked Stripe for a subscription (not yet confirmed by a webhook): its status comes with SubscriptionStarted. */
  | { type: 'SubscriptionRequested'; data: Subscription & { plan: BillingPlan; quantity: number; requestedAt: string } }
  | { type: 'SubscriptionStarted'; data: Subscription & FromStripe & Period & { plan: BillingPlan; quantity: number; status: SubscriptionStatus; startedAt: string } }
  /** The plan switched (Update Plan, or Stripe's portal), prorated by Stripe. */
  | { type: 'SubscriptionPlanChanged'; data: Subscription & Partial<FromStripe> & { plan: BillingPlan; quantity: number; changedAt: string } }
  /** The number of care recipients billed on per_child changed. */
  | { type: 'SubscriptionQuantityChanged'; data: Subscription & Partial<FromStripe> & { quantity: number; changedAt: string } }
  /** The 7-day trial is over: the subscription is now `status` (active once paid, past_due when the card failed). */
  | { type: 'TrialEnded'; data: Subscription & FromStripe & { status: SubscriptionStatus; endedAt: string } }
  | { type: 'SubscriptionStatusChanged'; data: Subscription & FromStripe & { status: SubscriptionStatus; changedAt: string } }
  /** A new billing period (renewal) or a moved trial end. */
  | { type: 'SubscriptionPeriodChanged'; data: Subscription & FromStripe & Period & { changedAt: string } }
  | { type: 'SubscriptionCancelled'; data: Subscription & FromStripe & { cancelledAt: string } }
  | { type: 'PaymentSucceeded'; data: Subscription & FromStripe & { invoiceId: string; amountPaid: number; currency: string; paidAt: string } }
  | { type: 'PaymentFailed'; data: Subscription & FromStripe & { invoiceId: string; amountDue: number; currency: string; attemptCount: number; failedAt: string } }
  /**
   * A super admin set the user's plan and whether it is active (spec document 1, the admin's edit
   * dialog), by hand: the app's view of the subscription, not Stripe's (nothing is charged or
   * refunded). Active without a subscription gives a manual one (MANUAL_SUBSCRIPTION_ID); inactive
   * ends the one there is, as a cancellation does. The next Stripe webhook about a real one wins again.
   */
  | { type: 'SubscriptionSetByAdmin'; data: { userId: string; adminId: string; plan: BillingPlan; active: boolean; setAt: string } };

export type BillingEventType = BillingEvent['type'];

export interface CurrentSubscription extends Period {
  subscriptionId: string;
  plan: BillingPlan;
  quantity: number;
  /** Null until Stripe's first webhook about it (SubscriptionRequested only). */
  status: SubscriptionStatus | null;
}

export interface BillingState {
  customerId: string | null;
  /** The latest subscription asked for or started; a cancelled one is dropped. */
  subscription: CurrentSubscription | null;
  /** Stripe event ids already applied to this stream. */
  stripeEventIds: Readonly<Record<string, true>>;
}

export const billingStream = (userId: string): string => `billing-${userId}`;

/** The subscription id of a plan an admin turned on for a user without a Stripe subscription: nothing at Stripe to update. */
export const MANUAL_SUBSCRIPTION_ID = 'set-by-admin';
export const isManual = (subscription: CurrentSubscription | null): boolean => subscription?.subscriptionId === MANUAL_SUBSCRIPTION_ID;

export const initialBillingState = (): BillingState => ({ customerId: null, subscription: null, stripeEventIds: {} });

/** Trialing or active: the user has a plan. */
export const hasLiveSubscription = (state: BillingState): boolean => isLiveStatus(state.subscription?.status);

export function evolveBilling(state: BillingState, event: BillingEvent): BillingState {
  const seen = 'stripeEventId' in event.data && event.data.stripeEventId ? { ...state.stripeEventIds, [event.data.stripeEventId]: true as const } : state.stripeEventIds;
  const next = { ...state, stripeEventIds: seen };
  const current = state.subscription;
  switch (event.type) {
    case 'StripeCustomerCreated':
      return { ...next, customerId: event.data.customerId };
    case 'SubscriptionRequested': {
      const { subscriptionId, plan, quantity } = event.data;
      return { ...next, subscription: { subscriptionId, plan, quantity, status: null, trialEnd: null, currentPeriodEnd: null } };
    }
    case 'SubscriptionStarted': {
      const { subscriptionId, plan, quantity, status, trialEnd, currentPeriodEnd } = event.data;
      return { ...next, subscription: { subscriptionId, plan, quantity, status, trialEnd, currentPeriodEnd } };
    }
    case 'SubscriptionPlanChanged':
      return current ? { ...next, subscription: { ...current, plan: event.data.plan, quantity: event.data.quantity } } : next;
    case 'SubscriptionQuantityChanged':
      return current ? { ...next, subscription: { ...current, quantity: event.data.quantity } } : next;
    case 'TrialEnded':
    case 'SubscriptionStatusChanged':
      return current ? { ...next, subscription: { ...current, status: event.data.status } } : next;
    case 'SubscriptionPeriodChanged':
      return current ? { ...next, subscription: { ...current, trialEnd: event.data.trialEnd, currentPeriodEnd: event.data.currentPeriodEnd } } : next;
    case 'SubscriptionCancelled':
      return { ...next, subscription: null };
    case 'PaymentSucceeded':
    case 'PaymentFailed':
      return next;
    case 'SubscriptionSetByAdmin': {
      const { plan, active } = event.data;
      if (!active) return { ...next, subscription: null };
      const kept = current ?? { subscriptionId: MANUAL_SUBSCRIPTION_ID, quantity: 1, trialEnd: null, currentPeriodEnd: null };
      return { ...next, subscription: { ...kept, plan, status: 'active' } };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
