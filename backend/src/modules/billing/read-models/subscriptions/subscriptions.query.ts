import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { isLiveStatus, monthlyTotal, type BillingPlan, type BillingSubscription, type SubscriptionStatus } from '@carecircle/libs';

interface Row {
  user_id: string;
  customer_id: string;
  subscription_id: string | null;
  plan: BillingPlan | null;
  status: SubscriptionStatus | null;
  quantity: number;
  trial_end: Date | string | null;
  current_period_end: Date | string | null;
}
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Reads only billing_subscriptions. */
@Injectable()
export class BillingSubscriptionsQuery {
  constructor(private readonly em: EntityManager) {}

  /** The user's subscription as the Billing tab shows it; null without one (or after a cancellation). */
  async forUser(userId: string): Promise<BillingSubscription | null> {
    const [row] = await this.rows('user_id', userId);
    if (!row || row.plan === null || row.subscription_id === null || row.status === 'canceled') return null;
    return {
      plan: row.plan,
      status: row.status,
      active: isLiveStatus(row.status),
      quantity: row.quantity,
      monthlyTotal: monthlyTotal(row.plan, row.quantity),
      trialEnd: iso(row.trial_end),
      currentPeriodEnd: iso(row.current_period_end),
    };
  }

  /** Whose Stripe customer this is (a webhook names the customer). */
  async userOfCustomer(customerId: string): Promise<string | null> {
    const [row] = await this.rows('customer_id', customerId);
    return row?.user_id ?? null;
  }

  /** Users with a live per_child subscription among these, with the quantity billed (the quantity worker's candidates). */
  async perChildAmong(userIds: string[]): Promise<{ userId: string; quantity: number }[]> {
    if (userIds.length === 0) return [];
    const rows: { user_id: string; quantity: number }[] = await this.em
      .fork()
      .execute(`SELECT user_id, quantity FROM billing_subscriptions WHERE user_id IN (?) AND plan = 'per_child' AND status IN ('trialing', 'active')`, [userIds]);
    return rows.map((row) => ({ userId: row.user_id, quantity: row.quantity }));
  }

  private rows(column: 'user_id' | 'customer_id', value: string): Promise<Row[]> {
    return this.em
      .fork()
      .execute(`SELECT user_id, customer_id, subscription_id, plan, status, quantity, trial_end, current_period_end FROM billing_subscriptions WHERE ${column} = ?`, [value]);
  }
}
