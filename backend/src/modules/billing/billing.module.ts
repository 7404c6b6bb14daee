import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { CancelSubscriptionOnErasure } from './commands/cancel-on-erasure/cancel-on-erasure';
import { ChangePlanHandler } from './commands/change-plan/change-plan.handler';
import { ChangePlanController } from './commands/change-plan/change-plan.http';
import { CreateSubscriptionHandler } from './commands/create-subscription/create-subscription.handler';
import { CreateSubscriptionController } from './commands/create-subscription/create-subscription.http';
import { OpenBillingPortalHandler } from './commands/open-billing-portal/open-billing-portal.handler';
import { OpenBillingPortalController } from './commands/open-billing-portal/open-billing-portal.http';
import { RecordStripeEventHandler } from './commands/record-stripe-event/record-stripe-event.handler';
import { StripeWebhookController } from './commands/record-stripe-event/record-stripe-event.http';
import { SetSubscriptionByAdminHandler } from './commands/set-subscription-by-admin/set-subscription-by-admin.handler';
import { SetSubscriptionByAdminController } from './commands/set-subscription-by-admin/set-subscription-by-admin.http';
import { SyncSubscriptionQuantityHandler } from './commands/sync-subscription-quantity/sync-subscription-quantity.handler';
import { RecipientOwnersProjection } from './read-models/recipient-owners/recipient-owners.projection';
import { RecipientOwnersQuery } from './read-models/recipient-owners/recipient-owners.query';
import { BillingReadController } from './read-models/subscriptions/subscriptions.http';
import { BillingSubscriptionsProjection } from './read-models/subscriptions/subscriptions.projection';
import { BillingSubscriptionsQuery } from './read-models/subscriptions/subscriptions.query';
import { StripeGateway } from './stripe/stripe-gateway';
import { SUBSCRIPTION_QUANTITY_QUEUE, SubscriptionQuantityWorker } from './workers/subscription-quantity.job';

/**
 * Billing with Stripe (issue 25, docs/billing.md): Subscribe, Stripe's webhooks into the user's
 * billing stream, Manage Billing (the customer portal), Update Plan, and per_child quantities that
 * follow the recipients (worker role).
 */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule, BullModule.registerQueue({ name: SUBSCRIPTION_QUANTITY_QUEUE })],
  controllers: [BillingReadController, CreateSubscriptionController, ChangePlanController, OpenBillingPortalController, StripeWebhookController, SetSubscriptionByAdminController],
  providers: [
    StripeGateway,
    BillingSubscriptionsQuery,
    BillingSubscriptionsProjection,
    RecipientOwnersQuery,
    RecipientOwnersProjection,
    CreateSubscriptionHandler,
    ChangePlanHandler,
    OpenBillingPortalHandler,
    RecordStripeEventHandler,
    SyncSubscriptionQuantityHandler,
    SetSubscriptionByAdminHandler,
    CancelSubscriptionOnErasure,
    SubscriptionQuantityWorker,
  ],
})
export class BillingModule {}
