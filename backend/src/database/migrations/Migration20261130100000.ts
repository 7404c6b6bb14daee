import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25 (the admin's figures, docs/admin.md): admin_subscription_figures, each user's subscription
 * as the figures count it (plan, units, status, monthly revenue), and admin_revenue_days, the running
 * totals (active subscriptions, monthly revenue) at the end of each day a billing event changed them,
 * with that day's trials started, conversions and cancellations. Both projected from billing events;
 * `position` is the last event applied to a user's row, so an event applied again changes nothing.
 */
export class Migration20261130100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE admin_subscription_figures (
        user_id uuid PRIMARY KEY,
        plan text CHECK (plan IN ('per_child', 'family_plan')),
        units integer NOT NULL,
        status text,
        live boolean NOT NULL,
        mrr integer NOT NULL,
        position bigint NOT NULL,
        updated_at timestamptz NOT NULL
      );
    `);
    this.addSql(`
      CREATE TABLE admin_revenue_days (
        day date PRIMARY KEY,
        active integer NOT NULL,
        mrr bigint NOT NULL,
        trials_started integer NOT NULL,
        conversions integer NOT NULL,
        cancellations integer NOT NULL
      );
    `);
  }
}
