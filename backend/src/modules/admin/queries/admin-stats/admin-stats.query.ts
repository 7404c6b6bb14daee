import { Injectable } from '@nestjs/common';
import { conversionPercent, type AdminStats } from '@carecircle/libs';
import { UsersQuery } from '../../../identity';
import { SubscriptionFiguresQuery } from '../../read-models/subscription-figures/subscription-figures.query';

/**
 * The Overview's and the Subscriptions tab's figures (spec document 1, "Admin dashboard"): users,
 * active subscriptions and the month's revenue per plan, count times the plan's price, a Per Child
 * subscription counting the recipients it bills; projected from billing events.
 */
@Injectable()
export class AdminStatsQuery {
  constructor(
    private readonly users: UsersQuery,
    private readonly figures: SubscriptionFiguresQuery,
  ) {}

  async stats(): Promise<AdminStats> {
    const [totalUsers, plans] = await Promise.all([this.users.count(), this.figures.perPlan()]);
    const activeSubscriptions = plans.per_child.activeSubscriptions + plans.family_plan.activeSubscriptions;
    return {
      totalUsers,
      activeSubscriptions,
      revenue: plans.per_child.revenue + plans.family_plan.revenue,
      conversionPercent: conversionPercent(activeSubscriptions, totalUsers),
      plans,
    };
  }
}
