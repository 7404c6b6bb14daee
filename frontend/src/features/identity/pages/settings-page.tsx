import { LogoutOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import { joinFullName, type User, type UserRole } from '@carecircle/libs';
import { Avatar, Button } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { DeleteAccount } from '../components/delete-account';
import { useAuth } from '../hooks/use-auth';
import { SecurityActivity } from '../components/security-activity';
import './settings-page.css';

/** The four visible tabs; the children (Care Recipients) panel has no tab of its own. */
const TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'calendar', label: 'Calendar' },
  { key: 'billing', label: 'Billing' },
  { key: 'account', label: 'Account' },
] as const;
type SettingsTab = (typeof TABS)[number]['key'] | 'children';
const LOGOUT_URL = '/api/logout';
const PANELS: readonly string[] = [...TABS.map((tab) => tab.key), 'children'];

/** /settings?tab=children: where the Care Recipients panel lives (linked from Profile and the Care Recipients dialog). */
export const CARE_RECIPIENTS_SETTINGS_PATH = '/settings?tab=children';

const ACCOUNT_TYPES: Record<UserRole, string> = {
  parent: 'Primary Caregiver',
  secondary_caregiver: 'Secondary Caregiver',
  super_admin: 'Super Admin',
};

interface Props {
  /** The Care Recipients panel, composed by the app (features do not import each other). */
  careRecipientsPanel: ReactNode;
  /** Secondary Caregivers: the account tab's extra section for primary caregivers (spec document 1, Roles). */
  careTeamPanel?: ReactNode;
  /** Account tab's notification preferences and escalation policy (features/notifications), composed by the app. */
  notificationsPanel?: ReactNode;
  /** The push notification card of the Security & Authentication section (spec document 3). */
  pushCard?: ReactNode;
  /** Runs before Sign Out leaves the page (ending this device's push subscription). */
  beforeSignOut?: () => Promise<void>;
}

/** Settings (spec document 1, section 2): a header with Profile, Calendar, Billing and Account, and the children panel. */
export default function SettingsPage({ careRecipientsPanel, careTeamPanel, notificationsPanel, pushCard, beforeSignOut }: Props) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const requested = params.get('tab') ?? 'profile';
  const tab = (PANELS.includes(requested) ? requested : 'profile') as SettingsTab;
  useDocumentTitle(tab === 'children' ? 'Care Recipients' : 'Settings');
  if (!user) return null;

  return (
    <div className="page settings-page">
      <h1 className="page__title">Settings</h1>
      <nav className="settings-tabs" aria-label="Settings sections">
        {TABS.map((item) => (
          <Link
            key={item.key}
            to={item.key === 'profile' ? '/settings' : `/settings?tab=${item.key}`}
            replace
            className={item.key === tab ? 'settings-tabs__tab settings-tabs__tab--active' : 'settings-tabs__tab'}
            aria-current={item.key === tab ? 'page' : undefined}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="settings-page__panel">
        {tab === 'profile' && <ProfilePanel user={user} />}
        {tab === 'calendar' && <CalendarPanel />}
        {tab === 'billing' && <BillingPanel user={user} />}
        {tab === 'account' && <AccountPanel user={user} careTeamPanel={user.role === 'secondary_caregiver' ? null : careTeamPanel} notificationsPanel={notificationsPanel} pushCard={pushCard} beforeSignOut={beforeSignOut} />}
        {tab === 'children' && careRecipientsPanel}
      </div>
    </div>
  );
}

function initials(user: User): string {
  const text = `${(user.firstName ?? '').trim().charAt(0)}${(user.lastName ?? '').trim().charAt(0)}`;
  return (text || user.email.charAt(0)).toUpperCase();
}

function ProfilePanel({ user }: { user: User }) {
  const name = joinFullName(user.firstName ?? '', user.lastName ?? '');
  return (
    <>
      <section className="section-card settings-profile" aria-label="Profile">
        <Avatar size={64} className="settings-profile__avatar" aria-hidden>
          {initials(user)}
        </Avatar>
        <div className="settings-profile__text">
          {name && <h2 className="settings-profile__name">{name}</h2>}
          <span className="muted">{user.email}</span>
          <span className={user.subscriptionActive ? 'status-badge status-badge--on' : 'status-badge'}>
            {user.subscriptionActive ? 'Active Subscription' : 'No Subscription'}
          </span>
        </div>
      </section>
      <section className="section-card" aria-labelledby="settings-recipients-title">
        <h2 id="settings-recipients-title" className="section-card__title">
          <TeamOutlined aria-hidden /> Care Recipients
        </h2>
        <p className="muted">The people you care for, their medications and their daily care schedule.</p>
        <Link to={CARE_RECIPIENTS_SETTINGS_PATH} className="settings-link">
          Manage Care Recipients <RightOutlined aria-hidden />
        </Link>
      </section>
    </>
  );
}

function CalendarPanel() {
  return (
    <section className="section-card" aria-label="Calendar">
      <h2 className="section-card__title">Calendar</h2>
      <p className="muted">Connecting a calendar is not available yet.</p>
    </section>
  );
}

const PLAN_NAMES: Record<string, string> = { family_plan: 'Family Plan', per_child: 'Per Child Plan' };

function BillingPanel({ user }: { user: User }) {
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
    </section>
  );
}

function AccountPanel({ user, careTeamPanel, notificationsPanel, pushCard, beforeSignOut }: { user: User; careTeamPanel: ReactNode; notificationsPanel: ReactNode } & Pick<Props, 'pushCard' | 'beforeSignOut'>) {
  const signOut = async (event: MouseEvent<HTMLElement>) => {
    if (!beforeSignOut) return;
    event.preventDefault();
    await beforeSignOut();
    window.location.assign(LOGOUT_URL);
  };
  return (
    <section className="section-card" aria-label="Account">
      <label className="settings-field">
        <span className="settings-field__label">Account Type</span>
        <select className="settings-field__select" value={user.role} disabled>
          {Object.entries(ACCOUNT_TYPES).map(([role, label]) => (
            <option key={role} value={role}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <p className="settings-account__who">
        Signed in as <strong>{user.email}</strong>
      </p>
      {notificationsPanel}
      {pushCard && (
        <section aria-labelledby="settings-security-title">
          <h3 id="settings-security-title" className="settings-section__title">
            Security & Authentication
          </h3>
          {pushCard}
        </section>
      )}
      {careTeamPanel}
      <SecurityActivity />
      {/* Full navigation: the server clears the session and answers with a redirect to /. This device's push ends first. */}
      <Button href={LOGOUT_URL} icon={<LogoutOutlined />} size="large" danger onClick={signOut}>
        Sign Out
      </Button>
      <DeleteAccount />
    </section>
  );
}
