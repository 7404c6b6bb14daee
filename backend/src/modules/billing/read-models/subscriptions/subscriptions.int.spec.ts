import { randomUUID } from 'node:crypto';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { billingStream, type BillingEvent } from '../../domain/billing';
import { RecipientOwnersProjection } from '../recipient-owners/recipient-owners.projection';
import { RecipientOwnersQuery } from '../recipient-owners/recipient-owners.query';
import { BillingSubscriptionsProjection } from './subscriptions.projection';
import { BillingSubscriptionsQuery } from './subscriptions.query';

describe('billing read models (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new BillingSubscriptionsProjection();
  const query = () => new BillingSubscriptionsQuery(h.orm.em);
  const at = (day: number) => new Date(Date.UTC(2026, 11, day, 12)).toISOString();
  const record = (userId: string, event: BillingEvent) => h.record(billingStream(userId), event);
  const lifecycle = (userId: string, customerId: string) => {
    const ids = { userId, subscriptionId: `sub_${customerId}` };
    return [
      record(userId, { type: 'StripeCustomerCreated', data: { userId, customerId, createdAt: at(1) } }),
      record(userId, { type: 'SubscriptionRequested', data: { ...ids, plan: 'per_child', quantity: 2, requestedAt: at(1) } }),
      record(userId, {
        type: 'SubscriptionStarted',
        data: { ...ids, stripeEventId: 'evt_1', plan: 'per_child', quantity: 2, status: 'trialing', trialEnd: at(8), currentPeriodEnd: at(8), startedAt: at(1) },
      }),
    ];
  };


  it('follows a subscription from customer to trial, paid, plan change and cancellation; replays change nothing', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const ids = { userId: ana, subscriptionId: 'sub_cus_ana' };
    await h.apply(projection, [...lifecycle(ana, 'cus_ana'), ...lifecycle(ben, 'cus_ben')]);
    expect(await query().forUser(ana)).toEqual({ plan: 'per_child', status: 'trialing', active: true, quantity: 2, monthlyTotal: 40, trialEnd: at(8), currentPeriodEnd: at(8) });
    expect(await query().userOfCustomer('cus_ben')).toBe(ben);
    expect(await query().userOfCustomer('cus_nobody')).toBeNull();

    const later = [
      record(ana, { type: 'TrialEnded', data: { ...ids, stripeEventId: 'evt_2', status: 'active', endedAt: at(8) } }),
      record(ana, { type: 'SubscriptionPeriodChanged', data: { ...ids, stripeEventId: 'evt_2', trialEnd: at(8), currentPeriodEnd: at(38), changedAt: at(8) } }),
      record(ana, { type: 'PaymentSucceeded', data: { ...ids, stripeEventId: 'evt_3', invoiceId: 'in_1', amountPaid: 4000, currency: 'usd', paidAt: at(8) } }),
      record(ana, { type: 'SubscriptionQuantityChanged', data: { ...ids, quantity: 3, changedAt: at(9) } }),
    ];
    await h.apply(projection, later);
    expect(await query().forUser(ana)).toMatchObject({ status: 'active', active: true, quantity: 3, monthlyTotal: 60, currentPeriodEnd: at(38) });
    const [row]: Record<string, string>[] = await h.em().execute('SELECT converted_at, last_payment_at, started_at FROM billing_subscriptions WHERE user_id = ?', [ana]);
    expect(Object.values(row).map((value) => new Date(value).toISOString())).toEqual([at(8), at(8), at(1)]);
    expect(await query().perChildAmong([ana, ben, randomUUID()])).toEqual(expect.arrayContaining([{ userId: ana, quantity: 3 }, { userId: ben, quantity: 2 }]));

    const before = await h.rows('billing_subscriptions');
    await h.apply(projection, later);
    expect(await h.rows('billing_subscriptions')).toEqual(before);

    await h.apply(projection, [
      record(ana, { type: 'SubscriptionPlanChanged', data: { ...ids, plan: 'family_plan', quantity: 1, changedAt: at(10) } }),
      record(ana, { type: 'PaymentFailed', data: { ...ids, stripeEventId: 'evt_4', invoiceId: 'in_2', amountDue: 10000, currency: 'usd', attemptCount: 1, failedAt: at(11) } }),
      record(ana, { type: 'SubscriptionStatusChanged', data: { ...ids, stripeEventId: 'evt_5', status: 'past_due', changedAt: at(11) } }),
    ]);
    expect(await query().forUser(ana)).toMatchObject({ plan: 'family_plan', quantity: 1, monthlyTotal: 100, status: 'past_due', active: false });
    expect(await query().perChildAmong([ana])).toEqual([]);

    await h.apply(projection, [record(ana, { type: 'SubscriptionCancelled', data: { ...ids, stripeEventId: 'evt_6', cancelledAt: at(12) } })]);
    expect(await query().forUser(ana)).toBeNull();
    expect(await query().userOfCustomer('cus_ana')).toBe(ana);
  });

  it('an erased account leaves no row', async () => {
    const cleo = randomUUID();
    await h.apply(projection, [...lifecycle(cleo, 'cus_cleo'), h.record(`user-${cleo}`, { type: 'UserErased', data: { userId: cleo, erasedAt: at(3) } })]);
    expect(await query().forUser(cleo)).toBeNull();
    expect(await query().userOfCustomer('cus_cleo')).toBeNull();
  });

  it('billing_recipients: each recipient’s owner, removed ones kept for the quantity worker, counted without them', async () => {
    const owners = new RecipientOwnersProjection();
    const ownersQuery = new RecipientOwnersQuery(h.orm.em);
    const [dan, eve] = [randomUUID(), randomUUID()];
    const [c1, c2, c3] = [randomUUID(), randomUUID(), randomUUID()];
    const added = (childId: string, userId: string) =>
      h.record(`care-recipient-${childId}`, { type: 'CareRecipientAdded', data: { childId, primaryCaregiverId: userId, firstName: 'M', lastName: null, addedAt: at(1) } });
    const events = [added(c1, dan), added(c2, dan), added(c3, eve), h.record(`care-recipient-${c2}`, { type: 'CareRecipientRemoved', data: { childId: c2, removedAt: at(2) } })];
    await h.apply(owners, events);
    await h.apply(owners, events);
    expect(await ownersQuery.countFor(dan)).toBe(1);
    expect(await ownersQuery.countFor(eve)).toBe(1);
    expect(await ownersQuery.ownersOf([c2])).toEqual([dan]);
    expect((await ownersQuery.ownersOf([c1, c3])).sort()).toEqual([dan, eve].sort());
    await h.apply(owners, [h.record(`user-${dan}`, { type: 'UserErased', data: { userId: dan, erasedAt: at(3) } })]);
    expect(await ownersQuery.ownersOf([c1, c2])).toEqual([]);
  });
});
