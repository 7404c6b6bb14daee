import type { User } from '@carecircle/libs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { PageTabs } from '../../../shared/ui/page-tabs';
import { AccountPanel, type AccountPanelSlots } from '../components/account-panel';
import { ProfilePanel } from '../components/profile-panel';
import { SETTINGS_TABS, settingsTabOf } from '../settings-tabs';
import './settings-page.css';

interface Props extends AccountPanelSlots {
  /** The signed-in user; nothing is shown without one. */
  user: User | null | undefined;
  /** The Care Recipients panel, composed by the app (features do not import each other). */
  careRecipientsPanel: ReactNode;
  /** The Calendar tab (scheduling's calendar), composed by the app. */
  calendarPanel: ReactNode;
  /** The Billing tab (the billing feature's panel), composed by the app. */
  billingPanel: ReactNode;
}

/**
 * Settings (spec document 1, section 2): a header with Profile, Calendar, Billing and Account, and the
 * Care Recipients panel (?tab=children). The other features' parts come in as slots from the app
 * (app/pages/settings-screen.tsx).
 */
export default function SettingsPage({ user, careRecipientsPanel, calendarPanel, billingPanel, careTeamPanel, ...accountSlots }: Props) {
  const [params] = useSearchParams();
  const tab = settingsTabOf(params.get('tab'));
  useDocumentTitle(tab === 'children' ? 'Care Recipients' : 'Settings');
  if (!user) return null;

  return (
    <div className="page settings-page">
      <h1 className="page__title">Settings</h1>
      <PageTabs label="Settings sections" path="/settings" tabs={SETTINGS_TABS} current={tab} />
      <div className="settings-page__panel">
        {tab === 'profile' && <ProfilePanel user={user} />}
        {tab === 'calendar' && calendarPanel}
        {tab === 'billing' && billingPanel}
        {tab === 'account' && <AccountPanel user={user} careTeamPanel={user.role === 'secondary_caregiver' ? null : careTeamPanel} {...accountSlots} />}
        {tab === 'children' && careRecipientsPanel}
      </div>
    </div>
  );
}
