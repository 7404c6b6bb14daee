import type { Child, FamilySupportResource } from '@carecircle/libs';
import { useDeleteFamilySupportMutation, useGetFamilySupportQuery, useRestoreFamilySupportMutation } from '../api';
import { DirectoryList } from '../components/directory-list';
import { HubBanner } from '../components/hub-banner';
import { RecipientScope } from '../components/recipient-scope';
import { SubPageHeader } from '../components/sub-page-header';
import { SupportCard } from '../components/support-card';
import { SupportDialog } from '../components/support-dialog';
import { removeEntry } from '../directory-feedback';
import { useEntryDialog } from '../hooks/use-entry-dialog';
import { SUPPORT_TEXTS } from '../texts';
import '../care-hub.css';

const LIST_TEXTS = {
  loading: 'Loading family support...',
  loadError: 'Could not load the family support resources.',
  emptyTitle: 'No Support Resources Yet',
  emptyText: 'Add school nurses, therapists, social workers and other helpers, with their contact details.',
  add: 'Add Support Resource',
};

/** /care-hub/family-support: one care recipient's support people. */
export default function FamilySupportPage() {
  return (
    <div className="page care-hub">
      <SubPageHeader title="Family Support" />
      <HubBanner tone="purple">Store only contact details (no treatment notes).</HubBanner>
      <RecipientScope what="support contacts">{(child) => <Support key={child.id} child={child} />}</RecipientScope>
    </div>
  );
}

function Support({ child }: { child: Child }) {
  const resources = useGetFamilySupportQuery(child.id);
  const [deleteResource] = useDeleteFamilySupportMutation();
  const [restoreResource] = useRestoreFamilySupportMutation();
  const dialog = useEntryDialog<FamilySupportResource>();
  const remove = (resource: FamilySupportResource) =>
    removeEntry({
      remove: () => deleteResource({ id: resource.id, childId: child.id }).unwrap(),
      restore: () => restoreResource({ id: resource.id, childId: child.id }).unwrap(),
      texts: SUPPORT_TEXTS,
    });

  return (
    <>
      <DirectoryList
        query={resources}
        label="Family support"
        texts={LIST_TEXTS}
        canEdit={child.canEdit}
        onAdd={() => dialog.show()}
        renderItem={(resource) => (
          <SupportCard
            key={resource.id}
            resource={resource}
            canEdit={child.canEdit}
            onEdit={() => dialog.show(resource)}
            onDelete={() => void remove(resource)}
          />
        )}
      />
      {dialog.mounted && (
        <SupportDialog key={dialog.openings} open={dialog.open} childId={child.id} resource={dialog.subject} onClose={dialog.close} />
      )}
    </>
  );
}
