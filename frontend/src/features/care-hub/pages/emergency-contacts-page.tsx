import { PlusOutlined } from '@ant-design/icons';
import type { EmergencyContact } from '@carecircle/libs';
import { Button } from 'antd';
import { useGetCareHubFamiliesQuery, useGetContactsQuery } from '../api';
import { ContactDialog } from '../components/contact-dialog';
import { ContactList } from '../components/contact-list';
import { CriticalNumbers } from '../components/critical-numbers';
import { HubBanner } from '../components/hub-banner';
import { SubPageHeader } from '../components/sub-page-header';
import type { ContactPreset } from '../contact-forms';
import { familyLabel } from '../families';
import { useEntryDialog } from '../hooks/use-entry-dialog';
import '../care-hub.css';

/** The three quick-add buttons and what each fills in (spec document 3, section 2). */
const QUICK_ADDS: { label: string; preset: ContactPreset }[] = [
  { label: 'Add Family Emergency Contact', preset: { contactType: 'family', relationship: '' } },
  { label: 'Add Local Emergency Services', preset: { contactType: 'emergency', relationship: 'Emergency Service' } },
  { label: 'Add Babysitter / Caregiver', preset: { contactType: 'childcare', relationship: 'Babysitter' } },
];

type Editing = { contact: EmergencyContact } | { preset: ContactPreset };

const LIST = { kind: 'emergencyContact' } as const;

/** /care-hub/emergency-contacts: hotlines first, then the family's own contacts. */
export default function EmergencyContactsPage() {
  const contacts = useGetContactsQuery(LIST);
  const families = useGetCareHubFamiliesQuery();
  const dialog = useEntryDialog<Editing>();

  const allFamilies = families.data ?? [];
  const editable = allFamilies.filter((family) => family.canEdit);
  // Add is offered only once the families say where a contact would go: a view-only helper has no
  // list of their own to add to (issue 21), so nothing is shown that the server would refuse.
  const canAdd = editable.length > 0;
  const viewOnly = families.data !== undefined && !canAdd && allFamilies.length > 0;
  // Whose list a card is on, unless it is the user's own and only list.
  const labelled = allFamilies.length > 1 || allFamilies.some((family) => !family.isOwn);
  const labelOf = (contact: EmergencyContact) => {
    if (!labelled) return undefined;
    const family = allFamilies.find((item) => item.familyId === contact.familyId);
    return family && familyLabel(family);
  };

  return (
    <div className="page care-hub">
      <SubPageHeader title="Emergency Contacts" />
      <HubBanner tone="red">Store only basic contact info. Do not include medical details.</HubBanner>
      <CriticalNumbers />
      <section className="care-hub-section" aria-labelledby="your-contacts-title">
        <h2 id="your-contacts-title" className="care-hub-section__title">
          Your Emergency Contacts
        </h2>
        {viewOnly && (
          <p className="care-hub-section__note">
            You can view the emergency contacts of {allFamilies.map(familyLabel).join(' and ')}, but not add or change them.
          </p>
        )}
        <ContactList
          list={LIST}
          query={contacts as typeof contacts & { data?: EmergencyContact[] }}
          texts={{ loading: 'Loading contacts...', loadError: 'Could not load your emergency contacts.' }}
          empty={<p className="care-hub-empty">No emergency contacts added yet.</p>}
          canEdit={(contact) => contact.canEdit}
          familyLabel={labelOf}
          onEdit={(contact) => dialog.show({ contact })}
        />
        {canAdd && (
          <div className="care-hub-quick-adds">
            {QUICK_ADDS.map((quickAdd) => (
              <Button key={quickAdd.label} size="large" block icon={<PlusOutlined />} onClick={() => dialog.show({ preset: quickAdd.preset })}>
                {quickAdd.label}
              </Button>
            ))}
          </div>
        )}
      </section>
      {dialog.mounted && dialog.subject && (
        <ContactDialog
          key={dialog.openings}
          open={dialog.open}
          list={LIST}
          entry={'contact' in dialog.subject ? dialog.subject.contact : undefined}
          preset={'preset' in dialog.subject ? dialog.subject.preset : undefined}
          families={editable}
          onClose={dialog.close}
        />
      )}
    </div>
  );
}
