import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { StripeReturn } from '../../features/billing/components/stripe-return';
import { MedicationsCard } from '../../features/care-recipients/components/medications-card';
import { RecipientSelector } from '../../features/care-recipients/components/recipient-selector';
import { useSelectedRecipient } from '../../features/care-recipients/hooks/use-selected-recipient';
import { CareDay } from '../../features/scheduling/components/care-day';
import { DashboardSkeleton } from '../../features/scheduling/components/dashboard-skeleton';
import { loadRemoveTaskDialog, loadTaskDetailsDialog } from '../../features/scheduling/components/today-timeline';
import { TodayHeader } from '../../features/scheduling/components/today-header';
import { WelcomeEmptyState } from '../../features/scheduling/components/welcome-empty-state';
import { useCareDay } from '../../features/scheduling/hooks/use-care-day';
import { useNow } from '../../features/scheduling/hooks/use-now';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useHasBeenTrue } from '../../shared/hooks/use-has-been-true';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { usePrefetchOnInteraction } from '../../shared/hooks/use-prefetch-on-interaction';
import { TeamOutlined } from '../../shared/ui/icons';
import { lazyWithAntd } from '../../shared/ui/lazy-with-antd';
import { PlainButton } from '../../shared/ui/plain-button';
import { PlainSkeleton } from '../../shared/ui/plain-skeleton';
import { useReadsAnswered } from '../hooks';
import { SignedInLayout } from '../layout/signed-in-layout';
import { useQuickAdd, useQuickAddRecipient } from '../quick-add/quick-add-context';
import { LinkedTaskDialog } from './linked-task-dialog';
import { RecipientsLoadError } from './recipients-load-error';
import { TASK_LINK_PARAMS } from './task-link';

// Dialogs load on demand (prefetched at the user's first touch or key press) to keep the first load small,
// with antd's theme beside them: Today's first paint loads no antd.
const loadRecipientsDialog = () => import('../../features/care-recipients/components/care-recipients-dialog');
const loadOnboarding = () => import('../../features/onboarding/onboarding-wizard');
const CareRecipientsDialog = lazyWithAntd(() => loadRecipientsDialog().then((m) => ({ default: m.CareRecipientsDialog })));
const OnboardingWizard = lazyWithAntd(() => loadOnboarding().then((m) => ({ default: m.OnboardingWizard })));
// The Care Updates card loads after the day's reads, so Today's first load does not grow. It is drawn
// without antd (its dialogs bring antd when opened), so showing it blocks little (issue 27).
const loadCareUpdatesCard = () => import('../../features/care-updates/components/care-updates-card');
const CareUpdatesCard = lazy(() => loadCareUpdatesCard().then((m) => ({ default: m.CareUpdatesCard })));
const DIALOG_LOADERS = [loadRecipientsDialog, loadTaskDetailsDialog, loadRemoveTaskDialog];

/** The home dashboard (Today), composed from the care-recipients and scheduling features. */
export default function HomeScreen() {
  return (
    <SignedInLayout bell={false}>
      <HomeDashboard />
      <StripeReturn />
    </SignedInLayout>
  );
}

function HomeDashboard() {
  const { user } = useAuth();
  // A link to a task (task-link.ts) starts on its recipient and day, with its details open.
  const [params, setParams] = useSearchParams();
  const linkedTaskId = params.get(TASK_LINK_PARAMS.task);
  const { recipients, selected, select, isLoading, isError, refetch } = useSelectedRecipient(params.get(TASK_LINK_PARAMS.child));
  const now = useNow();
  const day = useCareDay(now, user?.timezone, params.get(TASK_LINK_PARAMS.date));
  // Quick add (bottom navigation, Add Task, appointment cards) adds for the recipient shown here.
  const quickAdd = useQuickAdd();
  useQuickAddRecipient(selected?.id);
  const [managing, setManaging] = useState(false);
  const [adding, setAdding] = useState(false);
  const managingMounted = useHasBeenTrue(managing);
  const addingMounted = useHasBeenTrue(adding);
  usePrefetchOnInteraction(DIALOG_LOADERS);
  useDocumentTitle('Today');
  // The Care Updates card's code is asked for once the day's own reads have been answered, so over a
  // phone's six connections progress, appointments and medications are not queued behind it
  // (docs/performance.md). This effect runs after those of the day's parts, which start their reads.
  const [dayAsked, setDayAsked] = useState(false);
  useEffect(() => {
    if (selected) setDayAsked(true);
  }, [selected]);
  const careUpdatesDue = useReadsAnswered(dayAsked);
  // A primary caregiver with no one to care for yet is walked through setup (spec document 2, onboarding), once per visit.
  const noRecipients = !isLoading && !isError && recipients.length === 0;
  const offeredSetup = useRef(false);
  useEffect(() => {
    if (!noRecipients || offeredSetup.current || user?.role === 'secondary_caregiver') return;
    offeredSetup.current = true;
    setAdding(true);
  }, [noRecipients, user?.role]);

  if (isLoading) return <DashboardSkeleton />;

  const manageButton = (
    <PlainButton
      shape="circle"
      size="large"
      icon={<TeamOutlined />}
      aria-label="Manage care recipients"
      onClick={() => setManaging(true)}
    />
  );

  return (
    <div className="page">
      <TodayHeader
        childId={selected?.id}
        today={day.today}
        now={now}
        recipientControl={
          selected && <RecipientSelector recipients={recipients} selected={selected} onSelect={select} />
        }
        actions={
          <>
            <NotificationBell />
            {manageButton}
          </>
        }
      />
      {isError ? (
        <RecipientsLoadError onRetry={() => refetch()} />
      ) : !selected ? (
        <WelcomeEmptyState onAddRecipient={() => setAdding(true)} />
      ) : (
        <>
          <CareDay
            childId={selected.id}
            day={day}
            now={now}
            canEdit={selected.canEdit}
            onAddTask={() => quickAdd.openTask({ childId: selected.id })}
            onEditAppointment={quickAdd.edit}
          />
          {careUpdatesDue ? (
            <Suspense fallback={<CareUpdatesPlaceholder />}>
              <CareUpdatesCard key={selected.id} recipient={selected} now={now} />
            </Suspense>
          ) : (
            <CareUpdatesPlaceholder />
          )}
          <MedicationsCard recipient={selected} />
        </>
      )}
      <Suspense fallback={null}>
        {managingMounted && <CareRecipientsDialog open={managing} userId={user?.id} onClose={() => setManaging(false)} />}
        {addingMounted && <OnboardingWizard open={adding} today={day.today} onClose={() => setAdding(false)} />}
      </Suspense>
      {linkedTaskId && <LinkedTaskDialog taskId={linkedTaskId} recipients={recipients} now={now} onClose={() => setParams({}, { replace: true })} />}
    </div>
  );
}

/** Holds the Care Updates card's place while its code loads. */
function CareUpdatesPlaceholder() {
  return (
    <section className="section-card" aria-busy="true" aria-label="Care Updates">
      <PlainSkeleton rows={3} />
    </section>
  );
}
