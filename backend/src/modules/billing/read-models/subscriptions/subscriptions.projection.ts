import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { BillingEvent } from '../../domain/billing';
import { SUBSCRIPTION_CHANGES } from '../../events';
import { BillingSubscriptionEntity } from './subscriptions.entity';

type Handled = BillingEvent | Extract<UserEvent, { type: 'UserErased' }>;
const date = (iso: string | null): Date | null => (iso === null ? null : new Date(iso));

/** What each billing event changes in the user's row (the row exists from StripeCustomerCreated on). */
function changesOf(event: RecordedEventOf<Exclude<BillingEvent, { type: 'StripeCustomerCreated' }>>): Partial<BillingSubscriptionEntity> {
  switch (event.type) {
    case 'SubscriptionRequested': {
      const { subscriptionId, plan, quantity, requestedAt } = event.data;
      return { subscriptionId, plan, quantity, status: null, trialEnd: null, currentPeriodEnd: null, startedAt: null, convertedAt: null, cancelledAt: null, updatedAt: new Date(requestedAt) };
    }
    case 'SubscriptionStarted': {
      const { subscriptionId, plan, quantity, status, trialEnd, currentPeriodEnd, startedAt } = event.data;
      return {
        subscriptionId,
        plan,
        quantity,
        status,
        trialEnd: date(trialEnd),
        currentPeriodEnd: date(currentPeriodEnd),
        startedAt: new Date(startedAt),
        convertedAt: null,
        cancelledAt: null,
        updatedAt: new Date(startedAt),
      };
    }
    case 'SubscriptionPlanChanged':
      return { plan: event.data.plan, quantity: event.data.quantity, updatedAt: new Date(event.data.changedAt) };
    case 'SubscriptionQuantityChanged':
      return { quantity: event.data.quantity, updatedAt: new Date(event.data.changedAt) };
    case 'TrialEnded':
      return { status: event.data.status, ...(event.data.status === 'active' ? { convertedAt: new Date(event.data.endedAt) } : {}), updatedAt: new Date(event.data.endedAt) };
    case 'SubscriptionStatusChanged':
      return { status: event.data.status, updatedAt: new Date(event.data.changedAt) };
    case 'SubscriptionPeriodChanged':
      return { trialEnd: date(event.data.trialEnd), currentPeriodEnd: date(event.data.currentPeriodEnd), updatedAt: new Date(event.data.changedAt) };
    case 'SubscriptionCancelled':
      return { status: 'canceled', cancelledAt: new Date(event.data.cancelledAt), updatedAt: new Date(event.data.cancelledAt) };
    case 'PaymentSucceeded':
      return { lastPaymentAt: new Date(event.data.paidAt), updatedAt: new Date(event.data.paidAt) };
    case 'PaymentFailed':
      return { lastPaymentFailedAt: new Date(event.data.failedAt), updatedAt: new Date(event.data.failedAt) };
    case 'SubscriptionSetByAdmin': {
      const { plan, active, setAt } = event.data;
      return active ? { plan, status: 'active', updatedAt: new Date(setAt) } : { plan, status: 'canceled', cancelledAt: new Date(setAt), updatedAt: new Date(setAt) };
    }
  }
}

/**
 * billing_subscriptions from the billing stream; an erased account's row goes. A user without a
 * Stripe customer has no row: an admin's setting for them shows in the users row only.
 */
@Injectable()
@ReadModelProjection()
export class BillingSubscriptionsProjection implements Projection<Handled> {
  readonly name = 'billing.subscriptions';
  readonly handles = ['StripeCustomerCreated', 'SubscriptionRequested', ...SUBSCRIPTION_CHANGES, 'PaymentSucceeded', 'PaymentFailed', 'UserErased'] as const;
  readonly tables = ['billing_subscriptions'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'StripeCustomerCreated': {
        const { userId, customerId, createdAt } = event.data;
        await em.upsert(BillingSubscriptionEntity, {
          userId,
          customerId,
          subscriptionId: null,
          plan: null,
          status: null,
          quantity: 0,
          trialEnd: null,
          currentPeriodEnd: null,
          startedAt: null,
          convertedAt: null,
          cancelledAt: null,
          lastPaymentAt: null,
          lastPaymentFailedAt: null,
          updatedAt: new Date(createdAt),
        });
        return;
      }
      case 'UserErased':
        await em.nativeDelete(BillingSubscriptionEntity, { userId: event.data.userId });
        return;
      default:
        await em.nativeUpdate(BillingSubscriptionEntity, { userId: event.data.userId }, changesOf(event));
    }
  }
}
