import { Alert } from 'antd';
import { RecipientSelector } from '../../features/care-recipients/components/recipient-selector';
import { useSelectedRecipient } from '../../features/care-recipients/hooks/use-selected-recipient';
import { recipientName } from '../../features/care-recipients/recipient-name';
import { CalendarPage } from '../../features/scheduling/calendar/calendar-page';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { SignedInLayout } from '../layout/signed-in-layout';
import { useQuickAdd, useQuickAddRecipient } from '../quick-add/quick-add-context';
import { RecipientsLoadError } from './recipients-load-error';

/** /calendar, composed from the care-recipients and scheduling features (Settings is marked active). */
export default function CalendarScreen() {
  return (
    <SignedInLayout>
      <CalendarContent />
    </SignedInLayout>
  );
}

function CalendarContent() {
  const { recipients, selected, select, isLoading, isError, refetch } = useSelectedRecipient();
  const quickAdd = useQuickAdd();
  useQuickAddRecipient(selected?.id);
  useDocumentTitle('Calendar');

  if (isLoading) return <PageSkeleton />;
  if (isError || !selected) {
    return (
      <div className="page">
        <h1 className="page__title">Calendar</h1>
        {isError ? (
          <RecipientsLoadError onRetry={() => refetch()} />
        ) : (
          <Alert type="info" showIcon title="Add a care recipient on the Today page to see their calendar." />
        )}
      </div>
    );
  }
  return (
    <CalendarPage
      key={selected.id}
      childId={selected.id}
      childName={recipientName(selected)}
      recipientControl={<RecipientSelector recipients={recipients} selected={selected} onSelect={select} />}
      onAddAppointment={() => quickAdd.openAppointment({ childId: selected.id })}
      onEditAppointment={(task) => quickAdd.edit(task)}
    />
  );
}
