import type { AdminStats } from '@carecircle/libs';
import { dollars } from '../admin-format';

/** Overview: the three stat cards and the System Overview (spec document 1). */
export function OverviewPanel({ stats }: { stats: AdminStats }) {
  return (
    <>
      <div className="admin-stats">
        <StatCard label="Total Users" value={stats.totalUsers.toLocaleString('en-US')} />
        <StatCard label="Active Subscriptions" value={stats.activeSubscriptions.toLocaleString('en-US')} />
        <StatCard label="Monthly Revenue" value={dollars(stats.revenue)} />
      </div>
      <section className="section-card" aria-labelledby="admin-system-overview">
        <h2 className="section-card__title" id="admin-system-overview">
          System Overview
        </h2>
        <dl className="admin-facts">
          <dt>Total users</dt>
          <dd>{stats.totalUsers.toLocaleString('en-US')}</dd>
          <dt>Active subscriptions</dt>
          <dd>{stats.activeSubscriptions.toLocaleString('en-US')}</dd>
          <dt>Conversion</dt>
          <dd>{stats.conversionPercent}%</dd>
          <dt>Monthly recurring revenue</dt>
          <dd>{dollars(stats.revenue)}</dd>
        </dl>
      </section>
    </>
  );
}

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <section className="section-card admin-stat" aria-label={label}>
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
    </section>
  );
}
