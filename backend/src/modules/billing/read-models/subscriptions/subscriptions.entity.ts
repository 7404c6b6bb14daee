import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { BillingPlan, SubscriptionStatus } from '@carecircle/libs';

/**
 * billing_subscriptions: one row per user who has a Stripe customer, projected from the billing
 * stream: the customer and current subscription, its plan, status and quantity, trial and period
 * ends. What the Billing tab reads, and what admin figures (active subscriptions, revenue per plan,
 * trial-to-paid conversion) are computed from.
 */
@Entity({ tableName: 'billing_subscriptions' })
export class BillingSubscriptionEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text', unique: true }) customerId!: string;
  @Property({ type: 'text', nullable: true }) subscriptionId!: string | null;
  @Property({ type: 'text', nullable: true }) plan!: BillingPlan | null;
  /** Null while only requested (no webhook yet) and after a cancellation. */
  @Property({ type: 'text', nullable: true }) status!: SubscriptionStatus | null;
  @Property({ type: 'integer' }) quantity!: number;
  @Property({ type: 'timestamptz', nullable: true }) trialEnd!: Date | null;
  @Property({ type: 'timestamptz', nullable: true }) currentPeriodEnd!: Date | null;
  /** When Stripe first said the current subscription exists (SubscriptionStarted). */
  @Property({ type: 'timestamptz', nullable: true }) startedAt!: Date | null;
  /** When a trial ended into `active` (trial-to-paid conversion); null otherwise. */
  @Property({ type: 'timestamptz', nullable: true }) convertedAt!: Date | null;
  @Property({ type: 'timestamptz', nullable: true }) cancelledAt!: Date | null;
  @Property({ type: 'timestamptz', nullable: true }) lastPaymentAt!: Date | null;
  @Property({ type: 'timestamptz', nullable: true }) lastPaymentFailedAt!: Date | null;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}
