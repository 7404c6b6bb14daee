import { BILLING_MESSAGES } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { BillingEvent } from './billing';
import { billingDecider, type StripeInvoiceSnapshot, type StripeSubscriptionSnapshot } from './billing.decide';

const metadata = { actorId: 'u1', correlationId: 'c1', occurredAt: '2026-12-01T12:00:00.000Z' };
const at = metadata.occurredAt;
const customer: BillingEvent = { type: 'StripeCustomerCreated', data: { userId: 'u1', customerId: 'cus_1', createdAt: at } };
const requested: BillingEvent = { type: 'SubscriptionRequested', data: { userId: 'u1', subscriptionId: 'sub_1', plan: 'per_child', quantity: 2, requestedAt: at } };
const trial = { trialEnd: '2026-12-08T12:00:00.000Z', currentPeriodEnd: '2026-12-08T12:00:00.000Z' };
const snapshot = (changes: Partial<StripeSubscriptionSnapshot> = {}): StripeSubscriptionSnapshot => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  plan: 'per_child',
  quantity: 2,
  status: 'trialing',
  ...trial,
  ...changes,
});
const fromStripe = (stripeEventId: string, changes: Partial<StripeSubscriptionSnapshot> = {}, deleted = false) =>
  ({ type: 'RecordStripeSubscription', data: { userId: 'u1', stripeEventId, deleted, subscription: snapshot(changes) }, metadata }) as const;
const started: BillingEvent = {
  type: 'SubscriptionStarted',
  data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_1', plan: 'per_child', quantity: 2, status: 'trialing', ...trial, startedAt: at },
};
const invoice = (changes: Partial<StripeInvoiceSnapshot> = {}): StripeInvoiceSnapshot => ({
  invoiceId: 'in_1',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  amount: 4000,
  currency: 'usd',
  attemptCount: 1,
  ...changes,
});
const invoiceEvent = (stripeEventId: string, paid: boolean, changes: Partial<StripeInvoiceSnapshot> = {}) =>
  ({ type: 'RecordStripeInvoice', data: { userId: 'u1', stripeEventId, paid, invoice: invoice(changes) }, metadata }) as const;

describe('billing decider', () => {
  const spec = deciderSpec(billingDecider);

  describe('the Stripe customer', () => {
    const record = (customerId: string) => ({ type: 'RecordCustomer', data: { userId: 'u1', customerId }, metadata }) as const;
    it('is recorded once; the same id again records nothing; another id is refused', () => {
      spec.given([]).when(record('cus_1')).then([customer]);
      spec.given([customer]).when(record('cus_1')).then([]);
      spec.given([customer]).when(record('cus_2')).thenThrows('BILLING.CUSTOMER_EXISTS');
      spec.given([]).when(record('')).thenThrows('BILLING.INVALID');
    });
  });

  describe('requesting a subscription', () => {
    const request = (plan: string, quantity = 1, subscriptionId = 'sub_1') =>
      ({ type: 'RequestSubscription', data: { userId: 'u1', subscriptionId, plan: plan as 'per_child', quantity }, metadata }) as const;
    it('records the plan and quantity asked for, without a status (Stripe says it)', () => {
      spec.given([customer]).when(request('per_child', 2)).then([requested]);
    });
    it('refuses a plan outside per_child and family_plan, naming the field, and a quantity out of range', () => {
      spec.given([customer]).when(request('free_tier')).thenThrows('BILLING.INVALID', BILLING_MESSAGES.planInvalid);
      spec.given([customer]).when(request('per_child', 0)).thenThrows('BILLING.INVALID');
      spec.given([customer]).when(request('per_child', 1001)).thenThrows('BILLING.INVALID');
    });
    it('is refused while a subscription is trialing or active; allowed again after a cancellation', () => {
      spec.given([customer, requested, started]).when(request('family_plan', 1, 'sub_2')).thenThrows('BILLING.ALREADY_ACTIVE', BILLING_MESSAGES.alreadyActive);
      const cancelled: BillingEvent = { type: 'SubscriptionCancelled', data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_9', cancelledAt: at } };
      spec
        .given([customer, requested, started, cancelled])
        .when(request('family_plan', 1, 'sub_2'))
        .then([{ type: 'SubscriptionRequested', data: { userId: 'u1', subscriptionId: 'sub_2', plan: 'family_plan', quantity: 1, requestedAt: at } }]);
    });
  });

  describe('Stripe subscription webhooks', () => {
    it('given a requested subscription, when Stripe says it was created trialing, then it started', () => {
      spec.given([customer, requested]).when(fromStripe('evt_1')).then([started]);
    });

    it('the same Stripe event delivered again changes nothing', () => {
      spec.given([customer, requested, started]).when(fromStripe('evt_1', { status: 'active' })).then([]);
    });

    it('another customer’s subscription, or any event before the customer is recorded, changes nothing', () => {
      spec.given([customer, requested]).when(fromStripe('evt_1', { customerId: 'cus_other' })).then([]);
      spec.given([]).when(fromStripe('evt_1')).then([]);
    });

    it('the trial ending into active is TrialEnded; a new period is SubscriptionPeriodChanged', () => {
      const period = { trialEnd: trial.trialEnd, currentPeriodEnd: '2027-01-08T12:00:00.000Z' };
      spec
        .given([customer, requested, started])
        .when(fromStripe('evt_2', { status: 'active', ...period }))
        .then([
          { type: 'TrialEnded', data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_2', status: 'active', endedAt: at } },
          { type: 'SubscriptionPeriodChanged', data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_2', ...period, changedAt: at } },
        ]);
    });

    it('an active subscription going past_due is a status change; a plan switched in the portal is SubscriptionPlanChanged', () => {
      const active: BillingEvent = { type: 'TrialEnded', data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_2', status: 'active', endedAt: at } };
      spec
        .given([customer, requested, started, active])
        .when(fromStripe('evt_3', { status: 'past_due' }))
        .then([{ type: 'SubscriptionStatusChanged', data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_3', status: 'past_due', changedAt: at } }]);
      spec
        .given([customer, requested, started, active])
        .when(fromStripe('evt_4', { status: 'active', plan: 'family_plan', quantity: 1 }))
        .then([{ type: 'SubscriptionPlanChanged', data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_4', plan: 'family_plan', quantity: 1, changedAt: at } }]);
    });

    it('nothing new in an update records nothing', () => {
      spec.given([customer, requested, started]).when(fromStripe('evt_5')).then([]);
    });

    it('deleted (or canceled) is SubscriptionCancelled for the current subscription only', () => {
      const cancelled: BillingEvent = { type: 'SubscriptionCancelled', data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_6', cancelledAt: at } };
      spec.given([customer, requested, started]).when(fromStripe('evt_6', { status: 'canceled' }, true)).then([cancelled]);
      spec.given([customer, requested, started]).when(fromStripe('evt_6', { subscriptionId: 'sub_old', status: 'canceled' }, true)).then([]);
    });

    it('an older subscription’s news while another is live is ignored; a product that is not ours starts nothing', () => {
      spec.given([customer, requested, started]).when(fromStripe('evt_7', { subscriptionId: 'sub_other' })).then([]);
      spec.given([customer]).when(fromStripe('evt_8', { plan: null })).then([]);
    });

    it('refuses a status Stripe does not have', () => {
      spec.given([customer, requested]).when(fromStripe('evt_1', { status: 'pending' as 'active' })).thenThrows('BILLING.INVALID');
    });
  });

  describe('invoices', () => {
    it('paid is PaymentSucceeded, failed is PaymentFailed; each Stripe event once', () => {
      const paid: BillingEvent = {
        type: 'PaymentSucceeded',
        data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_10', invoiceId: 'in_1', currency: 'usd', amountPaid: 4000, paidAt: at },
      };
      spec.given([customer, requested, started]).when(invoiceEvent('evt_10', true)).then([paid]);
      spec.given([customer, requested, started, paid]).when(invoiceEvent('evt_10', true)).then([]);
      spec
        .given([customer, requested, started])
        .when(invoiceEvent('evt_11', false, { attemptCount: 2 }))
        .then([
          {
            type: 'PaymentFailed',
            data: { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt_11', invoiceId: 'in_1', currency: 'usd', amountDue: 4000, attemptCount: 2, failedAt: at },
          },
        ]);
    });
    it('an invoice of another customer, or of no subscription, records nothing', () => {
      spec.given([customer, requested, started]).when(invoiceEvent('evt_12', true, { customerId: 'cus_x' })).then([]);
      spec.given([customer, requested, started]).when(invoiceEvent('evt_13', true, { subscriptionId: null })).then([]);
    });
  });

  describe('plan and quantity changes asked by the app', () => {
    const changePlan = (plan: string, quantity: number) => ({ type: 'ChangePlan', data: { userId: 'u1', plan: plan as 'family_plan', quantity }, metadata }) as const;
    const changeQuantity = (quantity: number) => ({ type: 'ChangeQuantity', data: { userId: 'u1', quantity }, metadata }) as const;
    it('switches the plan of a live subscription; the same plan records nothing; without one it is refused', () => {
      spec
        .given([customer, requested, started])
        .when(changePlan('family_plan', 1))
        .then([{ type: 'SubscriptionPlanChanged', data: { userId: 'u1', subscriptionId: 'sub_1', plan: 'family_plan', quantity: 1, changedAt: at } }]);
      spec.given([customer, requested, started]).when(changePlan('per_child', 2)).then([]);
      spec.given([customer, requested]).when(changePlan('family_plan', 1)).thenThrows('BILLING.NO_SUBSCRIPTION', BILLING_MESSAGES.noSubscription);
      spec.given([customer, requested, started]).when(changePlan('gold', 1)).thenThrows('BILLING.INVALID', BILLING_MESSAGES.planInvalid);
    });
    it('follows the number of recipients on a live per_child subscription only', () => {
      spec
        .given([customer, requested, started])
        .when(changeQuantity(3))
        .then([{ type: 'SubscriptionQuantityChanged', data: { userId: 'u1', subscriptionId: 'sub_1', quantity: 3, changedAt: at } }]);
      spec.given([customer, requested, started]).when(changeQuantity(2)).then([]);
      spec.given([customer, requested]).when(changeQuantity(3)).then([]);
      const family: BillingEvent = { type: 'SubscriptionPlanChanged', data: { userId: 'u1', subscriptionId: 'sub_1', plan: 'family_plan', quantity: 1, changedAt: at } };
      spec.given([customer, requested, started, family]).when(changeQuantity(3)).then([]);
    });
  });

  describe("an admin's setting (the admin dashboard's edit dialog)", () => {
    const set = (plan: string, active: unknown) =>
      ({ type: 'SetSubscriptionByAdmin', data: { userId: 'u1', adminId: 'admin-1', plan: plan as 'per_child', active: active as boolean }, metadata }) as const;
    const setBy = (plan: 'per_child' | 'family_plan', active: boolean): BillingEvent => ({ type: 'SubscriptionSetByAdmin', data: { userId: 'u1', adminId: 'admin-1', plan, active, setAt: at } });
    it('records the plan and the state, naming the admin, for a user with or without a Stripe subscription', () => {
      spec.given([]).when(set('family_plan', true)).then([setBy('family_plan', true)]);
      spec.given([customer, started]).when(set('family_plan', true)).then([setBy('family_plan', true)]);
      spec.given([customer, started]).when(set('per_child', false)).then([setBy('per_child', false)]);
    });
    it('records nothing when it is already so', () => {
      spec.given([customer, started]).when(set('per_child', true)).then([]);
      spec.given([]).when(set('per_child', false)).then([]);
      spec.given([setBy('family_plan', true)]).when(set('family_plan', true)).then([]);
      spec.given([setBy('family_plan', true), setBy('family_plan', false)]).when(set('per_child', false)).then([]);
    });
    it('refuses another plan or a non-boolean state, naming the field', () => {
      spec.given([]).when(set('free_tier', true)).thenThrows('BILLING.INVALID', BILLING_MESSAGES.planInvalid);
      spec.given([]).when(set('per_child', 'yes')).thenThrows('BILLING.INVALID');
    });
    it('a Stripe subscription started after an admin turned the plan off starts afresh', () => {
      spec.given([customer, setBy('per_child', true), setBy('per_child', false)]).when(fromStripe('evt_1')).then([started]);
    });
  });
});
