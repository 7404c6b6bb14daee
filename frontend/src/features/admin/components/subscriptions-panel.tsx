import { PLAN_MONTHLY_PRICE, type AdminStats } from '@carecircle/libs';
import { dollars } from '../admin-format';

/** Subscriptions: active Per Child and Family plans and what each brings in a month (count times price; Per Child counts each recipient). */
export function SubscriptionsPanel({ stats }: { stats: AdminStats }) {
  const perChild = stats.plans.per_child;
  const family = stats.plans.family_plan;
  return (
    <div className="admin-stats">
      <section className="section-card admin-stat" aria-labelledby="admin-per-child">
        <h2 className="admin-stat__label" id="admin-per-child">
          Per Child Plan
        </h2>
        <p className="admin-stat__value">{perChild.activeSubscriptions.toLocaleString('en-US')} active</p>
        <p className="muted">
          {perChild.billedUnits.toLocaleString('en-US')} {perChild.billedUnits === 1 ? 'recipient' : 'recipients'} x {dollars(PLAN_MONTHLY_PRICE.per_child)} ={' '}
          {dollars(perChild.revenue)} a month
        </p>
      </section>
      <section className="section-card admin-stat" aria-labelledby="admin-family">
        <h2 className="admin-stat__label" id="admin-family">
          Family Plan
        </h2>
        <p className="admin-stat__value">{family.activeSubscriptions.toLocaleString('en-US')} active</p>
        <p className="muted">
          {family.activeSubscriptions.toLocaleString('en-US')} x {dollars(PLAN_MONTHLY_PRICE.family_plan)} = {dollars(family.revenue)} a month
        </p>
      </section>
    </div>
  );
}
