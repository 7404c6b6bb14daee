import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25 (billing, docs/billing.md): billing_subscriptions, a user's Stripe customer and current
 * subscription projected from the billing stream (the users table's subscription_active and
 * subscription_plan follow the same events), and billing_recipients, each care recipient's primary
 * caregiver, for the per_child quantity.
 */
export class Migration20261130090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE billing_subscriptions (
        user_id uuid PRIMARY KEY,
        customer_id text NOT NULL UNIQUE,
        subscription_id text,
        plan text CHECK (plan IN ('per_child', 'family_plan')),
        status text,
        quantity integer NOT NULL,
        trial_end timestamptz,
        current_period_end timestamptz,
        started_at timestamptz,
        converted_at timestamptz,
        cancelled_at timestamptz,
        last_payment_at timestamptz,
        last_payment_failed_at timestamptz,
        updated_at timestamptz NOT NULL
      );
    `);
    this.addSql('CREATE INDEX billing_subscriptions_plan_status ON billing_subscriptions (plan, status);');
    this.addSql(`
      CREATE TABLE billing_recipients (
        child_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        removed boolean NOT NULL
      );
    `);
    this.addSql('CREATE INDEX billing_recipients_user_id ON billing_recipients (user_id);');
  }
}
