/** Billing's public surface: other modules use only what is exported here (and its events in events.ts). */
import { BillingRecipientEntity } from './read-models/recipient-owners/recipient-owners.entity';
import { BillingSubscriptionEntity } from './read-models/subscriptions/subscriptions.entity';

export { BillingModule } from './billing.module';
export type { BillingEvent, BillingEventType } from './domain/billing';
export { SUBSCRIPTION_CHANGES } from './events';
/** A user's subscription (plan, status, quantity, trial and period ends) from billing_subscriptions. */
export { BillingSubscriptionsQuery } from './read-models/subscriptions/subscriptions.query';
export const BillingEntities = [BillingSubscriptionEntity, BillingRecipientEntity];
