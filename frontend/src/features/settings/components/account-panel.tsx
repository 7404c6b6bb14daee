import { LogoutOutlined } from '@ant-design/icons';
import { ROLE_LABELS, type User } from '@carecircle/libs';
import { Button } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';

const LOGOUT_URL = '/api/logout';

/** The Account tab's parts that other features own, composed by the app (features do not import each other). */
export interface AccountPanelSlots {
  /** Secondary Caregivers: the extra section for primary caregivers (spec document 1, Roles). */
  careTeamPanel?: ReactNode;
  /** Notification preferences and escalation policy (features/notifications). */
  notificationsPanel?: ReactNode;
  /** Setup Biometric Authentication and the biometric row (features/identity, spec document 3). */
  biometricCard?: ReactNode;
  /** The push notification card of the Security & Authentication section (spec document 3). */
  pushCard?: ReactNode;
  /** The account's recent security events (features/identity). */
  securityActivity?: ReactNode;
  /** Data & Privacy: Export My Data, Privacy Settings, the adherence report (features/reports). */
  dataPrivacy?: ReactNode;
  /** Delete Account (features/identity). */
  deleteAccount?: ReactNode;
  /** Runs before Sign Out leaves the page (ending this device's push subscription). */
  beforeSignOut?: () => Promise<void>;
}

/** Account tab: account type, who is signed in, the other features' sections, Sign Out. */
export function AccountPanel({ user, careTeamPanel, notificationsPanel, biometricCard, pushCard, securityActivity, dataPrivacy, deleteAccount, beforeSignOut }: { user: User } & AccountPanelSlots) {
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
          {Object.entries(ROLE_LABELS).map(([role, label]) => (
            <option key={role} value={role}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <p className="settings-account__who">
        Signed in as <strong>{user.email}</strong>
      </p>
      {user.role === 'super_admin' && (
        <p>
          <Link to="/admin" className="settings-link">
            Open the Admin Dashboard
          </Link>
        </p>
      )}
      {notificationsPanel}
      {(biometricCard || pushCard) && (
        <section aria-labelledby="settings-security-title">
          <h3 id="settings-security-title" className="settings-section__title">
            Security & Authentication
          </h3>
          {biometricCard}
          {pushCard}
        </section>
      )}
      {careTeamPanel}
      {securityActivity}
      {dataPrivacy}
      {/* Full navigation: the server clears the session and answers with a redirect to /. This device's push ends first. */}
      <Button href={LOGOUT_URL} icon={<LogoutOutlined />} size="large" danger onClick={signOut}>
        Sign Out
      </Button>
      {deleteAccount}
    </section>
  );
}
