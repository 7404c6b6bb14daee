import { isBillingPlan, PLAN_LABELS, type AdminUser } from '@carecircle/libs';

/** Whole US dollars, as the dashboard shows money: "$1,280". */
export const dollars = (amount: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);

/** The Users table's Subscription column: Family, Per Child or None (an inactive plan is still named; Status says it is inactive). */
export const subscriptionLabel = (user: Pick<AdminUser, 'subscriptionPlan'>): string =>
  isBillingPlan(user.subscriptionPlan) ? PLAN_LABELS[user.subscriptionPlan] : 'None';

/** The dashboard's tabs (spec document 1, "Admin dashboard"). */
export const ADMIN_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'users', label: 'Users' },
  { key: 'subscriptions', label: 'Subscriptions' },
  { key: 'audit', label: 'Audit' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['key'];
export const adminTabOf = (requested: string | null): AdminTab => ADMIN_TABS.find((tab) => tab.key === requested)?.key ?? 'overview';
