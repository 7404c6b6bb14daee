import type { ReactNode } from 'react';
import { LoadError } from '../../../shared/ui/load-error';
import type { ContactEntries, ContactKind, ContactList as ListOf } from '../api';
import { useRemoveContact } from '../hooks/use-remove-contact';
import { ContactCard } from './contact-card';

interface Props<K extends ContactKind> {
  list: ListOf & { kind: K };
  /** The list's query: loading, failed (with a retry) or answered. */
  query: { data?: ContactEntries[K][]; isLoading: boolean; isError: boolean; refetch: () => unknown };
  texts: { loading: string; loadError: string };
  /** What an empty list shows. */
  empty: ReactNode;
  /** Shown above the cards (an Add button). */
  above?: ReactNode;
  canEdit: (entry: ContactEntries[K]) => boolean;
  familyLabel?: (entry: ContactEntries[K]) => string | undefined;
  onEdit: (entry: ContactEntries[K]) => void;
}

/** One list of any kind: loading, failure, empty, or its cards, each with Edit and Delete (with Undo) where the user may change it. */
export function ContactList<K extends ContactKind>({ list, query, texts, empty, above, canEdit, familyLabel, onEdit }: Props<K>) {
  const remove = useRemoveContact(list);
  if (query.isLoading) return <p role="status">{texts.loading}</p>;
  if (query.isError && !query.data) return <LoadError title={texts.loadError} onRetry={() => void query.refetch()} />;
  if (!query.data?.length) return <>{empty}</>;
  return (
    <>
      {above}
      <ul className="care-hub-list">
        {query.data.map((entry) => (
          <ContactCard
            key={entry.id}
            kind={list.kind}
            entry={entry}
            canEdit={canEdit(entry)}
            familyLabel={familyLabel?.(entry)}
            onEdit={() => onEdit(entry)}
            onDelete={() => void remove(entry)}
          />
        ))}
      </ul>
    </>
  );
}
