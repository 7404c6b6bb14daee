import { ADMIN_TEXT, type User } from '@carecircle/libs';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { LoadError } from '../../../shared/ui/load-error';
import { PageTabs } from '../../../shared/ui/page-tabs';
import { PageSkeleton } from '../../../shared/ui/page-skeleton';
import { ADMIN_TABS, adminTabOf } from '../admin-format';
import { useGetAdminStatsQuery } from '../api';
import { OverviewPanel } from '../components/overview-panel';
import { RevenuePanel } from '../components/revenue-panel';
import { SubscriptionsPanel } from '../components/subscriptions-panel';
import { UsersPanel } from '../components/users-panel';
import '../admin.css';

interface Props {
  user: User;
  /** The Audit tab: every account's security events (identity's SecurityActivity, composed by the app). */
  auditPanel: ReactNode;
}

/**
 * /admin (spec document 1, "Admin dashboard"): Overview (with the revenue chart), Users and
 * Subscriptions, and the audit log, for super admins; everyone else sees Access Denied (the API
 * answers them 403 as well).
 */
export default function AdminPage({ user, auditPanel }: Props) {
  useDocumentTitle('Admin Dashboard');
  if (user.role !== 'super_admin') return <AccessDenied />;
  return <Dashboard auditPanel={auditPanel} />;
}

function Dashboard({ auditPanel }: { auditPanel: ReactNode }) {
  const [params] = useSearchParams();
  const tab = adminTabOf(params.get('tab'));
  const { data: stats, isError, refetch } = useGetAdminStatsQuery();
  return (
    <div className="page admin-page">
      <h1 className="page__title">Admin Dashboard</h1>
      <PageTabs label="Admin sections" path="/admin" tabs={ADMIN_TABS} current={tab} />
      {tab === 'users' ? (
        <UsersPanel />
      ) : tab === 'audit' ? (
        <section className="section-card">{auditPanel}</section>
      ) : isError ? (
        <LoadError title="Could not load the figures." onRetry={refetch} />
      ) : !stats ? (
        <PageSkeleton />
      ) : tab === 'subscriptions' ? (
        <SubscriptionsPanel stats={stats} />
      ) : (
        <>
          <OverviewPanel stats={stats} />
          <RevenuePanel today={new Date().toISOString().slice(0, 10)} />
        </>
      )}
    </div>
  );
}

function AccessDenied() {
  return (
    <div className="page admin-page">
      <section className="section-card admin-denied" aria-labelledby="admin-denied-title">
        <h1 className="page__title" id="admin-denied-title">
          Access Denied
        </h1>
        <p>{ADMIN_TEXT.accessDenied}</p>
        <Link to="/" className="plain-button plain-button--primary">
          Go to Dashboard
        </Link>
      </section>
    </div>
  );
}
