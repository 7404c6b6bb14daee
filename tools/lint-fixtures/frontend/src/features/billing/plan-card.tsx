export function PlanCard() {
  return <p>plan</p>;
}
