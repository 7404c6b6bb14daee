import { BILLING_PLANS, PLAN_DETAILS, type AdminStats, type BillingPlan, type PlanFigures } from '@carecircle/libs';
import { dollars } from '../admin-format';

/** Subscriptions: active Per Child and Family plans and what each brings in a month (count times price; Per Child counts each recipient). */
export function SubscriptionsPanel({ stats }: { stats: AdminStats }) {
  return (
    <div className="admin-stats">
      {BILLING_PLANS.map((plan) => (
        <PlanCard key={plan} plan={plan} figures={stats.plans[plan]} />
      ))}
    </div>
  );
}

function PlanCard({ plan, figures }: { plan: BillingPlan; figures: PlanFigures }) {
  const units = plan === 'per_child' ? ` ${figures.billedUnits === 1 ? 'recipient' : 'recipients'}` : '';
  return (
    <section className="section-card admin-stat" aria-labelledby={`admin-plan-${plan}`}>
      <h2 className="admin-stat__label" id={`admin-plan-${plan}`}>
        {PLAN_DETAILS[plan].name}
      </h2>
      <p className="admin-stat__value">{figures.activeSubscriptions.toLocaleString('en-US')} active</p>
      <p className="muted">
        {figures.billedUnits.toLocaleString('en-US')}
        {units} x {dollars(PLAN_DETAILS[plan].monthlyPrice)} = {dollars(figures.revenue)} a month
      </p>
    </section>
  );
}
