import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { BillingPlan, SubscriptionStatus } from '@carecircle/libs';

/** One user's subscription as the admin's figures count it (domain/subscription-figures.ts). */
@Entity({ tableName: 'admin_subscription_figures' })
export class SubscriptionFigureEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text', nullable: true }) plan!: BillingPlan | null;
  @Property({ type: 'integer' }) units!: number;
  @Property({ type: 'text', nullable: true }) status!: SubscriptionStatus | null;
  @Property({ type: 'boolean' }) live!: boolean;
  @Property({ type: 'integer' }) mrr!: number;
  /** The store position of the last event applied to this row (a replayed one changes nothing). */
  @Property({ type: 'bigint' }) position!: string;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

/** The totals at the end of a day a billing event changed them, and that day's trials, conversions and cancellations. */
@Entity({ tableName: 'admin_revenue_days' })
export class RevenueDayEntity {
  @PrimaryKey({ type: 'date' }) day!: string;
  @Property({ type: 'integer' }) active!: number;
  @Property({ type: 'bigint' }) mrr!: string;
  @Property({ type: 'integer' }) trialsStarted!: number;
  @Property({ type: 'integer' }) conversions!: number;
  @Property({ type: 'integer' }) cancellations!: number;
}
