import { PlainSkeleton } from '../../../shared/ui/plain-skeleton';

export function DashboardSkeleton() {
  return (
    <div className="page" aria-busy="true" aria-label="Loading">
      <PlainSkeleton titleWidth="40%" rows={1} lastWidth="60%" />
      <div className="section-card">
        <PlainSkeleton rows={3} />
      </div>
    </div>
  );
}
