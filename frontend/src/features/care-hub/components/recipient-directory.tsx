import { PlusOutlined } from '@ant-design/icons';
import type { Child } from '@carecircle/libs';
import { Button } from 'antd';
import { useGetContactsQuery, type ContactEntries } from '../api';
import { useEntryDialog } from '../hooks/use-entry-dialog';
import { ContactDialog } from './contact-dialog';
import { ContactList } from './contact-list';
import { HubBanner } from './hub-banner';
import { RecipientScope } from './recipient-scope';
import { SubPageHeader } from './sub-page-header';
import '../care-hub.css';

type Kind = 'doctor' | 'familySupport';

/** Each recipient directory's screen texts. */
const PAGES = {
  doctor: {
    title: 'Doctors & Specialists',
    banner: { tone: 'green', text: 'Store only name, specialty, and phone. Do not add medical history.' },
    what: 'doctors',
    label: 'Doctors',
    loading: 'Loading doctors...',
    loadError: 'Could not load the doctors.',
    emptyTitle: 'No Doctors Added Yet',
    emptyText: 'Add the pediatrician and specialists, with their phone numbers, to reach them quickly.',
    add: 'Add Doctor',
  },
  familySupport: {
    title: 'Family Support',
    banner: { tone: 'purple', text: 'Store only contact details (no treatment notes).' },
    what: 'support contacts',
    label: 'Family support',
    loading: 'Loading family support...',
    loadError: 'Could not load the family support resources.',
    emptyTitle: 'No Support Resources Yet',
    emptyText: 'Add school nurses, therapists, social workers and other helpers, with their contact details.',
    add: 'Add Support Resource',
  },
} as const;

/** /care-hub/doctors and /care-hub/family-support: one care recipient's doctors and specialists, or support people. */
export function RecipientDirectoryPage({ kind }: { kind: Kind }) {
  const page = PAGES[kind];
  return (
    <div className="page care-hub">
      <SubPageHeader title={page.title} />
      <HubBanner tone={page.banner.tone}>{page.banner.text}</HubBanner>
      <RecipientScope what={page.what}>{(child) => <Directory key={child.id} kind={kind} child={child} />}</RecipientScope>
    </div>
  );
}

function Directory({ kind, child }: { kind: Kind; child: Child }) {
  const page = PAGES[kind];
  const list = { kind, childId: child.id };
  const entries = useGetContactsQuery(list);
  const dialog = useEntryDialog<ContactEntries[Kind]>();
  const addButton = child.canEdit && (
    <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => dialog.show()}>
      {page.add}
    </Button>
  );
  return (
    <>
      {/* A heading (for screen readers) between the page's h1 and the cards' h3, naming the section. */}
      <section className="care-hub-section" aria-labelledby={`${kind}-directory-title`}>
        <h2 id={`${kind}-directory-title`} className="sr-only">
          {page.label}
        </h2>
        <ContactList
          list={list}
          query={entries as typeof entries & { data?: ContactEntries[Kind][] }}
          texts={page}
          empty={
            <div className="care-hub-empty-state">
              <h3>{page.emptyTitle}</h3>
              <p>{page.emptyText}</p>
              {addButton}
            </div>
          }
          above={addButton && <div className="care-hub-section__actions">{addButton}</div>}
          canEdit={() => child.canEdit}
          onEdit={(entry) => dialog.show(entry)}
        />
      </section>
      {dialog.mounted && <ContactDialog key={dialog.openings} open={dialog.open} list={list} entry={dialog.subject} onClose={dialog.close} />}
    </>
  );
}
