import { isLiveStatus, PLAN_DETAILS, type BillingPlan, type SubscriptionStatus } from '@carecircle/libs';
import type { BillingEvent, SUBSCRIPTION_CHANGES } from '../../billing';

/**
 * What the admin's figures count of one user's subscription (issue 25): its plan, the units it bills
 * (per_child: recipients; family_plan: one), its status, and the month's revenue it brings. Pure: the
 * projection (read-models/subscription-figures) keeps one per user and a running total per day.
 */
export interface SubscriptionFigure {
  plan: BillingPlan | null;
  units: number;
  status: SubscriptionStatus | null;
}

/** A day's change of the totals, and what happened that counts on its own. */
export interface FigureChange {
  active: number;
  mrr: number;
  trialsStarted: number;
  conversions: number;
  cancellations: number;
}

export type FigureEvent = Extract<BillingEvent, { type: (typeof SUBSCRIPTION_CHANGES)[number] }>;

export const NO_SUBSCRIPTION: SubscriptionFigure = { plan: null, units: 0, status: null };

/** Trialing or active counts as a subscription (as users.subscriptionActive); its revenue is the plan's price times its units. */
export const isLive = (figure: SubscriptionFigure): boolean => figure.plan !== null && isLiveStatus(figure.status);
export const monthlyRevenue = (figure: SubscriptionFigure): number => (isLive(figure) ? PLAN_DETAILS[figure.plan!].monthlyPrice * figure.units : 0);

/** The figure after one billing event (an erased account's subscription ends: `ended`). */
export function nextFigure(before: SubscriptionFigure, event: FigureEvent | { type: 'ended' }): SubscriptionFigure {
  switch (event.type) {
    case 'SubscriptionStarted':
      return { plan: event.data.plan, units: event.data.quantity, status: event.data.status };
    case 'SubscriptionPlanChanged':
      return { ...before, plan: event.data.plan, units: event.data.quantity };
    case 'SubscriptionQuantityChanged':
      return { ...before, units: event.data.quantity };
    case 'TrialEnded':
    case 'SubscriptionStatusChanged':
      return { ...before, status: event.data.status };
    case 'SubscriptionPeriodChanged':
      return before;
    case 'SubscriptionSetByAdmin':
      // A plan an admin turns on bills what the subscription billed, else one unit.
      return event.data.active ? { plan: event.data.plan, units: Math.max(1, before.units), status: 'active' } : { ...before, plan: event.data.plan, status: 'canceled' };
    case 'SubscriptionCancelled':
    case 'ended':
      return { ...before, status: 'canceled' };
  }
}

/** How the totals move from `before` to `after`: active subscriptions, revenue, trials started, trials converted, subscriptions ended. */
export function changeOf(before: SubscriptionFigure, after: SubscriptionFigure): FigureChange {
  const [wasLive, isLiveNow] = [isLive(before), isLive(after)];
  return {
    active: Number(isLiveNow) - Number(wasLive),
    mrr: monthlyRevenue(after) - monthlyRevenue(before),
    trialsStarted: after.status === 'trialing' && before.status !== 'trialing' ? 1 : 0,
    conversions: before.status === 'trialing' && after.status === 'active' ? 1 : 0,
    cancellations: wasLive && !isLiveNow ? 1 : 0,
  };
}

/** The UTC day an event's change counts on. */
export function dayOf(event: FigureEvent): string {
  const data = event.data as Record<string, unknown>;
  const at = [data.startedAt, data.changedAt, data.endedAt, data.cancelledAt, data.setAt].find((value) => typeof value === 'string') as string;
  return at.slice(0, 10);
}
