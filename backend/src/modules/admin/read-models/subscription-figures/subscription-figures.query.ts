import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { BILLING_PLANS, conversionPercent, type AdminRevenue, type BillingPlan, type PlanFigures } from '@carecircle/libs';

/** The admin's figures (docs/admin.md): totals per plan now, and the daily series of a range. */
@Injectable()
export class SubscriptionFiguresQuery {
  constructor(private readonly em: EntityManager) {}

  /** Each plan's active subscriptions, the units they bill and the month's revenue: one scan of the subscribers' rows. */
  async perPlan(): Promise<Record<BillingPlan, PlanFigures>> {
    const rows: { plan: BillingPlan; active: number; units: number; revenue: number }[] = await this.em.fork().execute(
      `SELECT plan, count(*)::int AS active, sum(units)::int AS units, sum(mrr)::int AS revenue
       FROM admin_subscription_figures WHERE live GROUP BY plan`,
    );
    const figures = (plan: BillingPlan): PlanFigures => {
      const row = rows.find((r) => r.plan === plan);
      return { activeSubscriptions: row?.active ?? 0, billedUnits: row?.units ?? 0, revenue: row?.revenue ?? 0 };
    };
    return Object.fromEntries(BILLING_PLANS.map((plan) => [plan, figures(plan)])) as Record<BillingPlan, PlanFigures>;
  }

  /**
   * The totals at the end of each day from `from` to `to` (each the last changed day at or before it,
   * one index lookup a day), and the range's trials, conversions and cancellations.
   */
  async revenue(from: string, to: string): Promise<AdminRevenue> {
    const em = this.em.fork();
    const days: { date: string; active: number; mrr: string }[] = await em.execute(
      `SELECT g.day::date::text AS date, coalesce(d.active, 0) AS active, coalesce(d.mrr, 0)::text AS mrr
       FROM generate_series(?::date, ?::date, interval '1 day') AS g(day)
       LEFT JOIN LATERAL (SELECT active, mrr FROM admin_revenue_days WHERE day <= g.day::date ORDER BY day DESC LIMIT 1) AS d ON true
       ORDER BY g.day`,
      [from, to],
    );
    const [range]: { trials: number; conversions: number; cancellations: number; before: number }[] = await em.execute(
      `SELECT coalesce(sum(trials_started), 0)::int AS trials, coalesce(sum(conversions), 0)::int AS conversions, coalesce(sum(cancellations), 0)::int AS cancellations,
              coalesce((SELECT active FROM admin_revenue_days WHERE day < ?::date ORDER BY day DESC LIMIT 1), 0) AS before
       FROM admin_revenue_days WHERE day BETWEEN ?::date AND ?::date`,
      [from, from, to],
    );
    return {
      from,
      to,
      days: days.map((day) => ({ date: day.date, activeSubscriptions: day.active, mrr: Number(day.mrr) })),
      trialsStarted: range.trials,
      trialsConverted: range.conversions,
      cancellations: range.cancellations,
      trialConversionPercent: conversionPercent(range.conversions, range.trials),
      churnPercent: conversionPercent(range.cancellations, range.before),
    };
  }
}
