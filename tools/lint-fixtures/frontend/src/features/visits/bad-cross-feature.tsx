import { PlanCard } from '../billing/plan-card';

export function BadCrossFeature() {
  return <PlanCard />;
}
