import { BadGatewayException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type Stripe from 'stripe';
import { BILLING_CURRENCY, BILLING_MESSAGES, PLAN_DETAILS, TRIAL_DAYS, unitAmountCents, type BillingPlan } from '@carecircle/libs';
import { APP_CONFIG, publicBaseUrl, type AppConfig } from '../../../config/app-config';

/** How old a webhook's signed timestamp may be (seconds): Stripe's default, DESIGN.md's 300 s. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Our two plans are two Stripe products with fixed ids, made on first use; a subscription's price
 * is given inline (`price_data`) from libs' PLAN_DETAILS, so the amounts live in one place and no
 * price id has to be configured (docs/billing.md).
 */
export const productIdOf = (plan: BillingPlan): string => `carecircle_${plan}`;
export const planOfProduct = (productId: string | null | undefined): BillingPlan | null =>
  (Object.keys(PLAN_DETAILS) as BillingPlan[]).find((plan) => productIdOf(plan) === productId) ?? null;

/**
 * The SDK, loaded at its first use: it is a tenth of the app's module loading, and a process without
 * STRIPE_SECRET_KEY (or one that never calls Stripe) does not need it.
 */
let loadedSdk: typeof Stripe | undefined;
const stripeSdk = async (): Promise<typeof Stripe> => (loadedSdk ??= (await import('stripe')).default);

/** The Stripe SDK, configured by STRIPE_* (STRIPE_API_BASE_URL: a local fake in tests); 503 when unset. */
@Injectable()
export class StripeGateway {
  private client: Stripe | null = null;
  private readonly products = new Map<BillingPlan, Promise<string>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.stripe !== null;
  }

  get publishableKey(): string | null {
    return this.config.stripe?.publishableKey ?? null;
  }

  /** 503 with the reason when STRIPE_SECRET_KEY is unset. */
  requireConfigured(): void {
    if (!this.config.stripe) throw new ServiceUnavailableException(BILLING_MESSAGES.notConfigured);
  }

  /** The SDK's client, made at the first call (the SDK is loaded then, not at every start). */
  private async api(): Promise<Stripe> {
    this.requireConfigured();
    if (!this.client) {
      const { secretKey, apiBaseUrl } = this.config.stripe!;
      const base = apiBaseUrl ? new URL(apiBaseUrl) : null;
      this.client = new (await stripeSdk())(secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.slice(0, -1) as 'http' | 'https' } : {}),
      });
    }
    return this.client;
  }

  /**
   * The webhook's event, its signature checked against STRIPE_WEBHOOK_SECRET with a 300 s tolerance.
   * Throws Stripe's signature error when it does not verify.
   */
  async verifyWebhook(rawBody: Buffer, signature: string): Promise<Stripe.Event> {
    this.requireConfigured();
    const secret = this.config.stripe!.webhookSecret;
    if (!secret) throw new ServiceUnavailableException(BILLING_MESSAGES.webhookNotConfigured);
    return (await this.api()).webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  }

  /** The plan's product id, made at Stripe the first time (fixed id, so two processes make one). */
  product(plan: BillingPlan): Promise<string> {
    let found = this.products.get(plan);
    if (!found) {
      found = this.ensureProduct(plan);
      found.catch(() => this.products.delete(plan));
      this.products.set(plan, found);
    }
    return found;
  }

  private async ensureProduct(plan: BillingPlan): Promise<string> {
    const id = productIdOf(plan);
    const stripe = await this.api();
    try {
      return (await stripe.products.retrieve(id)).id;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    }
    try {
      return (await stripe.products.create({ id, name: `CareCircle ${PLAN_DETAILS[plan].name}` })).id;
    } catch (error) {
      // Another process made it meanwhile.
      if ((error as { code?: string }).code === 'resource_already_exists') return id;
      throw error;
    }
  }

  /** A subscription item's price, inline: the plan's monthly amount. */
  async priceData(plan: BillingPlan): Promise<Stripe.SubscriptionCreateParams.Item.PriceData> {
    return { currency: BILLING_CURRENCY, product: await this.product(plan), unit_amount: unitAmountCents(plan), recurring: { interval: 'month' } };
  }

  async createCustomer(userId: string, email: string, name: string): Promise<string> {
    // The idempotency key makes a double click (two requests before either recorded it) one customer.
    const customer = await (await this.api()).customers.create({ email, name, metadata: { userId } }, { idempotencyKey: `carecircle-customer-${userId}` });
    return customer.id;
  }

  /** A subscription with the 7-day trial, waiting for a payment method (default_incomplete). */
  async createSubscription(input: { userId: string; customerId: string; plan: BillingPlan; quantity: number }): Promise<Stripe.Subscription> {
    return (await this.api()).subscriptions.create({
      customer: input.customerId,
      items: [{ price_data: await this.priceData(input.plan), quantity: input.quantity }],
      trial_period_days: TRIAL_DAYS,
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId: input.userId, plan: input.plan },
      expand: SUBSCRIPTION_SECRETS,
    });
  }

  async retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return (await this.api()).subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_SECRETS });
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    await (await this.api()).subscriptions.cancel(subscriptionId);
  }

  /** Changes the subscription's one item (plan and quantity), prorated. */
  async updateItem(subscriptionId: string, change: { plan?: BillingPlan; quantity: number }): Promise<Stripe.Subscription> {
    const stripe = await this.api();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    return stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: change.quantity, ...(change.plan ? { price_data: await this.priceData(change.plan) } : {}) }],
      proration_behavior: 'create_prorations',
      ...(change.plan ? { metadata: { plan: change.plan } } : {}),
    });
  }

  /** Stripe's customer portal (Manage Billing), returning to Settings, Billing. */
  async portalUrl(customerId: string): Promise<string> {
    const session = await (await this.api()).billingPortal.sessions.create({ customer: customerId, return_url: `${publicBaseUrl(this.config)}/settings?tab=billing` });
    return session.url;
  }
}

/** What the Payment Element confirms: the trial's SetupIntent, else the first invoice's PaymentIntent. */
const SUBSCRIPTION_SECRETS = ['pending_setup_intent', 'latest_invoice.confirmation_secret'];

export function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup === 'object' && setup.client_secret) return setup.client_secret;
  const invoice = subscription.latest_invoice;
  if (invoice && typeof invoice === 'object' && invoice.confirmation_secret?.client_secret) return invoice.confirmation_secret.client_secret;
  return null;
}

/**
 * A call to Stripe: a refusal or an outage is a 502 with a clear message (the caller's input was
 * already validated; Stripe saying no is not the user's fault), logged with Stripe's own words.
 */
export async function atStripe<T>(call: () => Promise<T>, log?: { warn(message: string): void }): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Only a loaded SDK throws its errors.
    if (!loadedSdk || !(error instanceof loadedSdk.errors.StripeError)) throw error;
    log?.warn(`Stripe refused a call: ${error.type} ${error.statusCode ?? ''} ${error.message}`);
    throw new BadGatewayException(BILLING_MESSAGES.stripeFailed);
  }
}
