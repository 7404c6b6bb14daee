import { randomUUID } from 'node:crypto';
import type { BillingEvent } from '../../../billing';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { SubscriptionFiguresProjection } from './subscription-figures.projection';
import { SubscriptionFiguresQuery } from './subscription-figures.query';

describe('admin subscription figures (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new SubscriptionFiguresProjection();
  const query = () => new SubscriptionFiguresQuery(h.orm.em);
  const at = (day: number) => new Date(Date.UTC(2026, 11, day, 12)).toISOString();
  const record = (userId: string, event: BillingEvent) => h.record(`billing-${userId}`, event);
  const started = (userId: string, plan: 'per_child' | 'family_plan', quantity: number, status: 'trialing' | 'active', day: number) =>
    record(userId, {
      type: 'SubscriptionStarted',
      data: { userId, subscriptionId: `sub_${userId}`, stripeEventId: `evt_${userId}`, plan, quantity, status, trialEnd: null, currentPeriodEnd: null, startedAt: at(day) },
    });


  it('keeps each plan’s totals and the totals at the end of each changed day; a replay changes nothing; an erased account’s subscription ends', async () => {
    const [ana, ben, cy] = [randomUUID(), randomUUID(), randomUUID()];
    const events = [
      started(ana, 'per_child', 3, 'trialing', 1),
      started(ben, 'family_plan', 1, 'active', 2),
      record(ana, { type: 'TrialEnded', data: { userId: ana, subscriptionId: `sub_${ana}`, stripeEventId: 'evt_a2', status: 'active', endedAt: at(8) } }),
      record(cy, { type: 'SubscriptionSetByAdmin', data: { userId: cy, adminId: ana, plan: 'per_child', active: true, setAt: at(8) } }),
      record(ben, { type: 'SubscriptionCancelled', data: { userId: ben, subscriptionId: `sub_${ben}`, stripeEventId: 'evt_b2', cancelledAt: at(10) } }),
    ];
    await h.apply(projection, events);
    expect(await query().perPlan()).toEqual({ per_child: { activeSubscriptions: 2, billedUnits: 4, revenue: 80 }, family_plan: { activeSubscriptions: 0, billedUnits: 0, revenue: 0 } });
    const revenue = await query().revenue('2026-11-30', '2026-12-10');
    expect(revenue.days.map((d) => [d.date.slice(8), d.activeSubscriptions, d.mrr])).toEqual([
      ['30', 0, 0],
      ['01', 1, 60],
      ['02', 2, 160],
      ...['03', '04', '05', '06', '07'].map((day) => [day, 2, 160]),
      ['08', 3, 180],
      ['09', 3, 180],
      ['10', 2, 80],
    ]);
    expect(revenue).toMatchObject({ trialsStarted: 1, trialsConverted: 1, cancellations: 1, trialConversionPercent: 100, churnPercent: 0 });
    // Churn over the days after the family plan's end: one of three active the day before.
    expect(await query().revenue('2026-12-10', '2026-12-10')).toMatchObject({ cancellations: 1, churnPercent: 33 });

    const before = { figures: await h.rows('admin_subscription_figures'), days: await h.rows('admin_revenue_days') };
    await h.apply(projection, events);
    expect({ figures: await h.rows('admin_subscription_figures'), days: await h.rows('admin_revenue_days') }).toEqual(before);

    await h.apply(projection, [h.record(`user-${ana}`, { type: 'UserErased', data: { userId: ana, erasedAt: at(12) } })]);
    expect((await query().perPlan()).per_child).toEqual({ activeSubscriptions: 1, billedUnits: 1, revenue: 20 });
    expect((await query().revenue('2026-12-12', '2026-12-12')).days).toEqual([{ date: '2026-12-12', activeSubscriptions: 1, mrr: 20 }]);
    // A late event of an earlier day moves that day and every later one.
    await h.apply(projection, [started(randomUUID(), 'family_plan', 1, 'active', 9)]);
    expect((await query().revenue('2026-12-08', '2026-12-12')).days.map((d) => d.mrr)).toEqual([180, 280, 180, 180, 120]);
  });
});
