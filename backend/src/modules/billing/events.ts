/**
 * Billing's published events: the stored event types other modules' projections consume (identity's
 * users row follows a user's subscription: subscriptionActive, subscriptionPlan). A leaf (it imports
 * only billing's own domain/), so identity, which billing depends on, reads them without an import
 * cycle through index.ts.
 */
export type { BillingEvent, BillingEventType } from './domain/billing';

/** The events that change a subscription's plan, units or status: what the admin's figures follow (modules/admin). */
export const SUBSCRIPTION_CHANGES = [
  'SubscriptionStarted',
  'SubscriptionPlanChanged',
  'SubscriptionQuantityChanged',
  'TrialEnded',
  'SubscriptionStatusChanged',
  'SubscriptionPeriodChanged',
  'SubscriptionCancelled',
  'SubscriptionSetByAdmin',
] as const;
