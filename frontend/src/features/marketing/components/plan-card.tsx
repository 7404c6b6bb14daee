import type { ReactNode } from 'react';
import { CheckList } from './feature-card';
import { displayedPrice, type Billing, type MarketingPlan } from '../plans';

/** One plan of spec section 9 (the landing page's and /pricing's cards), priced for `billing`; `children` go under the price. */
export function PlanCard({ plan, billing = 'monthly', children }: { plan: MarketingPlan; billing?: Billing; children?: ReactNode }) {
  const price = displayedPrice(plan, billing);
  return (
    <article className={plan.bestValue ? 'plan-card plan-card--highlight' : 'plan-card'} aria-labelledby={`plan-${plan.id}`}>
      <div className="plan-card__head">
        <h3 id={`plan-${plan.id}`} className="plan-card__name">
          {plan.name}
        </h3>
        {plan.bestValue && <span className="plan-card__badge">Best Value</span>}
      </div>
      <p className="plan-card__price">
        <span className="plan-card__amount">{price.amount}</span> <span>{price.period}</span>
      </p>
      {children}
      <CheckList items={plan.features} className="plan-card__features" />
      {plan.limits && <p className="plan-card__limits">Limits: {plan.limits.join(', ')}.</p>}
    </article>
  );
}
