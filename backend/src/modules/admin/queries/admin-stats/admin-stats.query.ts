import { Injectable } from '@nestjs/common';
import { conversionPercent, PLAN_DETAILS, type AdminStats } from '@carecircle/libs';
import { ChildrenQuery } from '../../../care-recipients';
import { ACTIVE_PER_CHILD_USER_IDS, UsersQuery } from '../../../identity';

/**
 * The Overview's and the Subscriptions tab's figures (spec document 1, "Admin dashboard"): users,
 * active subscriptions and the monthly revenue per plan, count times the plan's price, a Per Child
 * subscription counting each of its family's recipients (at least one).
 */
@Injectable()
export class AdminStatsQuery {
  constructor(
    private readonly users: UsersQuery,
    private readonly children: ChildrenQuery,
  ) {}

  async stats(): Promise<AdminStats> {
    const [counts, perChildUnits] = await Promise.all([this.users.subscriptionCounts(), this.children.billedRecipients(ACTIVE_PER_CHILD_USER_IDS)]);
    const perChild = { activeSubscriptions: counts.active.per_child, billedUnits: perChildUnits, revenue: perChildUnits * PLAN_DETAILS.per_child.monthlyPrice };
    const family = { activeSubscriptions: counts.active.family_plan, billedUnits: counts.active.family_plan, revenue: counts.active.family_plan * PLAN_DETAILS.family_plan.monthlyPrice };
    const activeSubscriptions = perChild.activeSubscriptions + family.activeSubscriptions;
    return {
      totalUsers: counts.totalUsers,
      activeSubscriptions,
      revenue: perChild.revenue + family.revenue,
      conversionPercent: conversionPercent(activeSubscriptions, counts.totalUsers),
      plans: { per_child: perChild, family_plan: family },
    };
  }
}
