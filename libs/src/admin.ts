import type { BillingPlan } from './billing';
import type { SubscriptionPlan, UserRole } from './schema';

/** How each role is named on screen (Settings > Account's Account Type, the admin's Users table). */
export const ROLE_LABELS: Record<UserRole, string> = { parent: 'Primary Caregiver', secondary_caregiver: 'Secondary Caregiver', super_admin: 'Super Admin' };

/** The Users table's Subscription column (spec document 1, "Admin dashboard"): Family, Per Child or None. */
export const PLAN_LABELS: Record<BillingPlan, string> = { per_child: 'Per Child', family_plan: 'Family' };

/** GET /api/admin/users: at most this many characters of `search`. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const ADMIN_TEXT = {
  accessDenied: "You don't have permission to access the admin dashboard.",
  subscriptionUpdated: 'User subscription updated successfully.',
  subscriptionUpdateFailed: 'Failed to update user subscription.',
  activeInvalid: 'active must be true or false',
  badSearch: `search must be text of at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`,
} as const;

/** A row of the admin's user list (GET /api/admin/users). */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: UserRole;
  subscriptionPlan: SubscriptionPlan | null;
  subscriptionActive: boolean;
  createdAt: string;
}

/** One purchasable plan's active subscriptions and what they bring in a month. */
export interface PlanFigures {
  activeSubscriptions: number;
  /** Per Child: each active subscription counts each of its family's recipients (at least one). */
  billedUnits: number;
  revenue: number;
}

/**
 * GET /api/admin/stats: the spec's totalUsers, activeSubscriptions and revenue (monthly recurring, US
 * dollars), the conversion (active / total, a whole percent) and the figures per plan.
 */
export interface AdminStats {
  totalUsers: number;
  activeSubscriptions: number;
  revenue: number;
  conversionPercent: number;
  plans: Record<BillingPlan, PlanFigures>;
}

/** PUT /api/admin/users/{userId}/subscription: the plan and whether it is active, as an admin sets them. */
export interface AdminSubscriptionChange {
  plan: BillingPlan;
  active: boolean;
}

/** GET /api/admin/revenue: at most this many days (a year, leap or not). */
export const REVENUE_RANGE_MAX_DAYS = 366;
export const REVENUE_TEXT = {
  badDate: 'from and to must be dates (yyyy-mm-dd)',
  tooLong: `A revenue range is at most ${REVENUE_RANGE_MAX_DAYS} days.`,
} as const;

/** One day of the revenue chart: the totals at the day's end (UTC). */
export interface RevenueDay {
  date: string;
  activeSubscriptions: number;
  mrr: number;
}

/**
 * GET /api/admin/revenue?from&to: the daily series (DESIGN.md) and, over the range, trials started,
 * trials converted to paid, subscriptions ended, trial-to-paid conversion (converted / started) and
 * churn (ended / active the day before the range), whole percents.
 */
export interface AdminRevenue {
  from: string;
  to: string;
  days: RevenueDay[];
  trialsStarted: number;
  trialsConverted: number;
  cancellations: number;
  trialConversionPercent: number;
  churnPercent: number;
}

/** Active divided by total, as a whole percent (0 without users). */
export const conversionPercent = (active: number, total: number): number => (total === 0 ? 0 : Math.round((active / total) * 100));
