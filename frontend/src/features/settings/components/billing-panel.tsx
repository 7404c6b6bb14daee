import { RightOutlined } from '@ant-design/icons';
import type { User } from '@carecircle/libs';
import { Link } from 'react-router-dom';

const PLAN_NAMES: Record<string, string> = { family_plan: 'Family Plan', per_child: 'Per Child Plan' };

/**
 * Billing tab: the current plan and its state, as the user's profile says. Only that part is built:
 * the subscribe page (/subscribe) and the Manage Billing and Update Plan buttons are issue 24's, and
 * the tab says so.
 */
export function BillingPanel({ user }: { user: User }) {
  const plan = user.subscriptionActive ? (PLAN_NAMES[user.subscriptionPlan ?? ''] ?? 'No Active Plan') : 'No Active Plan';
  return (
    <section className="section-card" aria-label="Billing">
      <h2 className="section-card__title">Current Plan</h2>
      <p className="settings-billing__plan">
        <strong>{plan}</strong>{' '}
        <span className={user.subscriptionActive ? 'status-badge status-badge--on' : 'status-badge'}>
          {user.subscriptionActive ? 'Active' : 'Inactive'}
        </span>
      </p>
      {!user.subscriptionActive && (
        <Link to="/subscribe" className="settings-link">
          Subscribe Now <RightOutlined aria-hidden />
        </Link>
      )}
      <p className="muted">Subscribing and managing billing are not available yet.</p>
    </section>
  );
}
