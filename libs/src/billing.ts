/**
 * Billing's shared contract (spec document 1, sections 2, 7, 8 and 9; docs/billing.md): the two
 * plans of the purchase flow with their prices, the trial, the answers of the billing routes and
 * their messages. Both the server (what Stripe is asked to charge) and the Subscribe page (what it
 * shows) read the prices from here.
 */

/** The plans a user can buy (the schema's `free_tier` is not sold). Default selection: per_child. */
export const BILLING_PLANS = ['per_child', 'family_plan'] as const;
export type BillingPlan = (typeof BILLING_PLANS)[number];
export const DEFAULT_BILLING_PLAN: BillingPlan = 'per_child';

export const isBillingPlan = (value: unknown): value is BillingPlan => typeof value === 'string' && (BILLING_PLANS as readonly string[]).includes(value);

/** Each plan as the Subscribe page and the Billing tab name it, its monthly price in whole dollars (per child for per_child). */
export const PLAN_DETAILS: Record<BillingPlan, { name: string; monthlyPrice: number; perChild: boolean; summary: string; features: string[]; bestValue: boolean }> = {
  per_child: {
    name: 'Per Child Plan',
    monthlyPrice: 20,
    perChild: true,
    summary: '$20 per month for each care recipient',
    features: ['Daily tasks, medications and reminders', 'Care team sharing', 'Care Hub contacts'],
    bestValue: false,
  },
  family_plan: {
    name: 'Family Plan',
    monthlyPrice: 100,
    perChild: false,
    summary: '$100 per month, unlimited care recipients',
    features: ['Everything in Per Child', 'Unlimited care recipients', 'One price for the whole family'],
    bestValue: true,
  },
};

/** Every plan starts with this many free days; nothing is charged until they end. */
export const TRIAL_DAYS = 7;
/** Stripe charges in cents, in this currency. */
export const BILLING_CURRENCY = 'usd';

/** A plan's monthly unit price in cents (per child for per_child): what Stripe is asked to charge. */
export const unitAmountCents = (plan: BillingPlan): number => PLAN_DETAILS[plan].monthlyPrice * 100;

/** How many units a plan bills: per_child one per care recipient the user added (at least one), family_plan one. */
export const billedQuantity = (plan: BillingPlan, recipients: number): number => (PLAN_DETAILS[plan].perChild ? Math.max(1, recipients) : 1);

/** The month's total in dollars for a plan and a number of recipients (the Selected Plan summary, admin revenue). */
export const monthlyTotal = (plan: BillingPlan, recipients: number): number => PLAN_DETAILS[plan].monthlyPrice * billedQuantity(plan, recipients);

/** Stripe's subscription statuses. The user has a plan (users.subscriptionActive) while it is trialing or active. */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const LIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active'];
export const isLiveStatus = (status: SubscriptionStatus | null | undefined): boolean => status != null && LIVE_SUBSCRIPTION_STATUSES.includes(status);

/** GET /api/billing: whether billing works on this server, the key Stripe.js needs, and the user's subscription. */
export interface BillingOverview {
  configured: boolean;
  /** STRIPE_PUBLISHABLE_KEY (public by design: it is embedded in the page); null when unset. */
  publishableKey: string | null;
  subscription: BillingSubscription | null;
}

export interface BillingSubscription {
  plan: BillingPlan;
  status: SubscriptionStatus | null;
  /** Trialing or active. */
  active: boolean;
  quantity: number;
  /** Dollars a month at the current plan and quantity. */
  monthlyTotal: number;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
}

/** POST /api/create-subscription's answer: what Stripe's Payment Element confirms (a SetupIntent `seti_...` during the trial, else a PaymentIntent). */
export interface CreateSubscriptionAnswer {
  clientSecret: string;
}

/** Back from Stripe on `/?subscribed=true`: how often the page asks whether the subscription is active yet, and for how long. */
export const SUBSCRIBED_RETURN = { pollMs: 3000, waitMs: 120_000 } as const;

export const BILLING_MESSAGES = {
  notConfigured: 'Billing is not configured on this server',
  webhookNotConfigured: 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET)',
  planInvalid: 'plan must be per_child or family_plan',
  alreadyActive: 'You already have an active subscription.',
  noSubscription: 'You have no active subscription. Choose a plan first.',
  noCustomer: 'There is no billing account for you yet. Choose a plan first.',
  stripeFailed: 'Stripe did not answer as expected. Please try again.',
  signatureInvalid: 'The Stripe-Signature of this webhook is not valid (or too old)',
  webhookMalformed: (field: string) => `This Stripe webhook's ${field} is missing or not what Stripe sends`,
  subscriptionFailed: 'Failed to create subscription. Please try again.',
  subscriptionCreated: 'Please complete your payment to activate your subscription.',
  planUpdated: 'Your plan was updated. The difference is prorated on your next invoice.',
  /** Back from Stripe (`/?subscribed=true`) before its webhook has arrived. */
  activating: 'Thank you! Your card details were received and your subscription is being activated. This takes a moment; we will tell you here when it is active.',
  /** Back from Stripe, once the subscription is trialing or active. */
  active: (planName: string, trialing: boolean) =>
    trialing ? `Your ${planName} is active. Your ${TRIAL_DAYS}-day free trial has started: nothing is charged until it ends.` : `Your ${planName} is active.`,
  /** Back from Stripe, and still not active after SUBSCRIBED_RETURN.waitMs. */
  stillActivating: 'Your subscription is still being activated. Settings > Billing shows it as soon as it is active.',
  setByAdmin: 'Your plan was set by CareCircle support; contact us to change it.',
} as const;
