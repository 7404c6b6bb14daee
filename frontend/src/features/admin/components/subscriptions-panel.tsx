import { PLAN_MONTHLY_PRICE, type AdminStats, type PlanFigures, type PurchasablePlan } from '@carecircle/libs';
import { dollars } from '../admin-format';

const PLAN_TITLES: Record<PurchasablePlan, string> = { per_child: 'Per Child Plan', family_plan: 'Family Plan' };

/** Subscriptions: active Per Child and Family plans and what each brings in a month (count times price; Per Child counts each recipient). */
export function SubscriptionsPanel({ stats }: { stats: AdminStats }) {
  return (
    <div className="admin-stats">
      {(['per_child', 'family_plan'] as const).map((plan) => (
        <PlanCard key={plan} plan={plan} figures={stats.plans[plan]} />
      ))}
    </div>
  );
}

function PlanCard({ plan, figures }: { plan: PurchasablePlan; figures: PlanFigures }) {
  const units = plan === 'per_child' ? ` ${figures.billedUnits === 1 ? 'recipient' : 'recipients'}` : '';
  return (
    <section className="section-card admin-stat" aria-labelledby={`admin-plan-${plan}`}>
      <h2 className="admin-stat__label" id={`admin-plan-${plan}`}>
        {PLAN_TITLES[plan]}
      </h2>
      <p className="admin-stat__value">{figures.activeSubscriptions.toLocaleString('en-US')} active</p>
      <p className="muted">
        {figures.billedUnits.toLocaleString('en-US')}
        {units} x {dollars(PLAN_MONTHLY_PRICE[plan])} = {dollars(figures.revenue)} a month
      </p>
    </section>
  );
}
