import { localDate } from '@carecircle/libs';
import { lazy, Suspense } from 'react';
import { useGetChildrenQuery } from '../base-api';
import { BillingPanel } from '../../features/billing/components/billing-panel';
import { CareRecipientsPanel } from '../../features/care-recipients/components/settings/care-recipients-panel';
import { CalendarSettingsTab } from '../../features/scheduling/calendar/calendar-settings-tab';
import { RepeatingSchedulesDialog } from '../../features/scheduling/repeating/repeating-schedules-dialog';
import { BiometricCard } from '../../features/identity/components/biometric-card';
import { DeleteAccount } from '../../features/identity/components/delete-account';
import { useGetCaregiversQuery } from '../../features/care-team/api';
import { DataPrivacySection } from '../../features/reports/components/data-privacy-section';
import { PrivacySettingsDialog } from '../../features/reports/components/privacy-settings-dialog';
import { SecurityActivity } from '../../features/identity/components/security-activity';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { EscalationPolicyEditor } from '../../features/notifications/escalation-policy-editor';
import { NotificationPreferencesSection } from '../../features/notifications/notification-preferences';
import { endPushOnThisDevice } from '../../features/notifications/push-browser';
import SettingsPage from '../../features/settings/pages/settings-page';
import { zoneOrBrowser } from '../../shared/formatting/time-zone';
import { SignedInLayout } from '../layout/signed-in-layout';

const SecondaryCaregiversPanel = lazy(() =>
  import('../../features/care-team/components/secondary-caregivers-panel').then((m) => ({ default: m.SecondaryCaregiversPanel })),
);
const PushCard = lazy(() => import('../../features/notifications/push-card').then((m) => ({ default: m.PushCard })));
const OnboardingWizard = lazy(() => import('../../features/onboarding/onboarding-wizard').then((m) => ({ default: m.OnboardingWizard })));

/** Privacy Settings, from reads the app has: the recipients the user sees and, for a primary caregiver, who else sees them. */
function PrivacySettings({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const { data: children } = useGetChildrenQuery();
  const ownsSome = (children ?? []).some((child) => child.primaryCaregiverId === user?.id);
  const { data: caregivers } = useGetCaregiversQuery(undefined, { skip: !ownsSome });
  if (!user) return null;
  return <PrivacySettingsDialog user={user} recipients={children ?? []} caregivers={caregivers} onClose={onClose} />;
}

export default function SettingsScreen() {
  const { user } = useAuth();
  const { data: children } = useGetChildrenQuery();
  const owned = (children ?? []).filter((child) => child.primaryCaregiverId === user?.id).map((child) => ({ id: child.id, name: child.name }));
  return (
    <SignedInLayout>
      <SettingsPage
        user={user}
        beforeSignOut={endPushOnThisDevice}
        calendarPanel={<CalendarSettingsTab />}
        billingPanel={user && <BillingPanel subscriptionActive={user.subscriptionActive} subscriptionPlan={user.subscriptionPlan} recipients={owned.length} />}
        securityActivity={<SecurityActivity />}
        biometricCard={<BiometricCard />}
        dataPrivacy={<DataPrivacySection privacySettings={(onClose) => <PrivacySettings onClose={onClose} />} />}
        deleteAccount={<DeleteAccount />}
        notificationsPanel={
          <>
            <NotificationPreferencesSection />
            <EscalationPolicyEditor readOnly={user?.role === 'secondary_caregiver'} />
          </>
        }
        pushCard={
          <Suspense fallback={null}>
            <PushCard />
          </Suspense>
        }
        careTeamPanel={
          <Suspense fallback={null}>
            <SecondaryCaregiversPanel recipients={owned} />
          </Suspense>
        }
        careRecipientsPanel={
          <CareRecipientsPanel
            userId={user?.id}
            schedulesDialog={(child, onClose) => (
              <RepeatingSchedulesDialog open childId={child.id} childName={child.name} canEdit={child.canEdit} onClose={onClose} />
            )}
            firstRecipientDialog={(onClose) => (
              <Suspense fallback={null}>
                <OnboardingWizard open today={localDate(new Date(), zoneOrBrowser(user?.timezone))} onClose={onClose} />
              </Suspense>
            )}
          />
        }
      />
    </SignedInLayout>
  );
}
