import { BILLING_PLANS, PLAN_DETAILS, TRIAL_DAYS, monthlyTotal, type BillingPlan } from '@carecircle/libs';

/** The two plans as radio cards (Choose Your Plan, Update Plan), and the Selected Plan summary with its monthly total. */
export function PlanCards({ selected, onSelect, recipients }: { selected: BillingPlan; onSelect: (plan: BillingPlan) => void; recipients: number }) {
  return (
    <div className="plan-cards" role="radiogroup" aria-label="Plans">
      {BILLING_PLANS.map((plan) => {
        const details = PLAN_DETAILS[plan];
        return (
          <button
            key={plan}
            type="button"
            role="radio"
            aria-checked={plan === selected}
            className={plan === selected ? 'plan-card plan-card--selected' : 'plan-card'}
            onClick={() => onSelect(plan)}
          >
            <span className="plan-card__name">
              {details.name} {details.bestValue && <span className="status-badge status-badge--on">Best Value</span>}
            </span>
            <span className="plan-card__price">
              ${details.monthlyPrice}
              <span className="muted">{details.perChild ? ' / child / month' : ' / month'}</span>
            </span>
            <span className="muted">{details.summary}</span>
            <ul className="plan-card__features">
              {details.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </button>
        );
      })}
      <p className="plan-summary" aria-live="polite">
        <strong>Selected Plan:</strong> {PLAN_DETAILS[selected].name}
        {PLAN_DETAILS[selected].perChild ? ` x ${Math.max(1, recipients)} care recipient${Math.max(1, recipients) === 1 ? '' : 's'}` : ''} ={' '}
        <strong data-testid="plan-total">${monthlyTotal(selected, recipients)}/month</strong> after the {TRIAL_DAYS}-day free trial
      </p>
    </div>
  );
}
