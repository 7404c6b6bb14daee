import { startStripeFake } from '../backend/src/test-support/stripe-fake';

/**
 * Before the browser tests: the local Stripe API (backend/src/test-support/stripe-fake.ts, what the
 * backend's billing tests use) on E2E_STRIPE_PORT, for the Stripe-configured server of
 * e2e/subscribe-payment.spec.ts (playwright.config.ts). Answers the teardown that closes it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stripe = await startStripeFake(process.env.E2E_STRIPE_SECRET_KEY!, Number(process.env.E2E_STRIPE_PORT));
  return () => stripe.close();
}
