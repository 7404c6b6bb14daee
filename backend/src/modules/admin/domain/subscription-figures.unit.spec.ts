import { describe, expect, it } from '@jest/globals';
import { changeOf, dayOf, monthlyRevenue, nextFigure, NO_SUBSCRIPTION, type FigureEvent } from './subscription-figures';

const ids = { userId: 'u1', subscriptionId: 'sub_1', stripeEventId: 'evt' };
const period = { trialEnd: null, currentPeriodEnd: null };
const started = (status: 'trialing' | 'active', plan: 'per_child' | 'family_plan' = 'per_child', quantity = 3): FigureEvent => ({
  type: 'SubscriptionStarted',
  data: { ...ids, ...period, plan, quantity, status, startedAt: '2026-12-01T10:00:00.000Z' },
});

describe('subscription figures (the admin revenue)', () => {
  it('a Per Child trial counts as active and bills each recipient; the Family Plan bills one', () => {
    const trial = nextFigure(NO_SUBSCRIPTION, started('trialing'));
    expect(monthlyRevenue(trial)).toBe(60);
    expect(changeOf(NO_SUBSCRIPTION, trial)).toEqual({ active: 1, mrr: 60, trialsStarted: 1, conversions: 0, cancellations: 0 });
    expect(monthlyRevenue(nextFigure(NO_SUBSCRIPTION, started('active', 'family_plan', 1)))).toBe(100);
  });

  it('a trial ending into active converts; ending into past_due ends the subscription; a cancellation ends it', () => {
    const trial = nextFigure(NO_SUBSCRIPTION, started('trialing'));
    const paid = nextFigure(trial, { type: 'TrialEnded', data: { ...ids, status: 'active', endedAt: '2026-12-08T10:00:00.000Z' } });
    expect(changeOf(trial, paid)).toEqual({ active: 0, mrr: 0, trialsStarted: 0, conversions: 1, cancellations: 0 });
    const failed = nextFigure(trial, { type: 'TrialEnded', data: { ...ids, status: 'past_due', endedAt: '2026-12-08T10:00:00.000Z' } });
    expect(changeOf(trial, failed)).toEqual({ active: -1, mrr: -60, trialsStarted: 0, conversions: 0, cancellations: 1 });
    const cancelled = nextFigure(paid, { type: 'SubscriptionCancelled', data: { ...ids, cancelledAt: '2026-12-20T10:00:00.000Z' } });
    expect(changeOf(paid, cancelled)).toEqual({ active: -1, mrr: -60, trialsStarted: 0, conversions: 0, cancellations: 1 });
  });

  it('plan and quantity changes move the revenue only', () => {
    const paid = nextFigure(NO_SUBSCRIPTION, started('active'));
    const more = nextFigure(paid, { type: 'SubscriptionQuantityChanged', data: { userId: 'u1', subscriptionId: 'sub_1', quantity: 4, changedAt: '2026-12-02T00:00:00.000Z' } });
    expect(changeOf(paid, more)).toEqual({ active: 0, mrr: 20, trialsStarted: 0, conversions: 0, cancellations: 0 });
    const family = nextFigure(more, { type: 'SubscriptionPlanChanged', data: { userId: 'u1', subscriptionId: 'sub_1', plan: 'family_plan', quantity: 1, changedAt: '2026-12-03T00:00:00.000Z' } });
    expect(changeOf(more, family).mrr).toBe(100 - 80);
  });

  it("an admin's plan bills one unit (or what the subscription billed); turned off, it ends", () => {
    const setBy = (active: boolean): FigureEvent => ({ type: 'SubscriptionSetByAdmin', data: { userId: 'u1', adminId: 'a1', plan: 'per_child', active, setAt: '2026-12-05T09:00:00.000Z' } });
    const on = nextFigure(NO_SUBSCRIPTION, setBy(true));
    expect(on).toEqual({ plan: 'per_child', units: 1, status: 'active' });
    expect(nextFigure(nextFigure(NO_SUBSCRIPTION, started('active')), setBy(true)).units).toBe(3);
    expect(changeOf(on, nextFigure(on, setBy(false)))).toEqual({ active: -1, mrr: -20, trialsStarted: 0, conversions: 0, cancellations: 1 });
    expect(dayOf(setBy(true))).toBe('2026-12-05');
  });

  it('an erased account’s live subscription ends; an ended one changes nothing', () => {
    const paid = nextFigure(NO_SUBSCRIPTION, started('active'));
    expect(changeOf(paid, nextFigure(paid, { type: 'ended' })).active).toBe(-1);
    expect(changeOf(NO_SUBSCRIPTION, nextFigure(NO_SUBSCRIPTION, { type: 'ended' }))).toEqual({ active: 0, mrr: 0, trialsStarted: 0, conversions: 0, cancellations: 0 });
  });
});
