import { useDeleteContactMutation, useRestoreContactMutation, type ContactEntry, type ContactList } from '../api';
import { removeEntry } from '../directory-feedback';
import { CONTACT_TEXTS } from '../texts';

/** Deletes an entry of a list at once; the toast's Undo restores it. */
export function useRemoveContact(list: ContactList) {
  const [deleteContact] = useDeleteContactMutation();
  const [restoreContact] = useRestoreContactMutation();
  return (entry: ContactEntry) =>
    removeEntry({
      remove: () => deleteContact({ list, id: entry.id }).unwrap(),
      restore: () => restoreContact({ list, id: entry.id }).unwrap(),
      texts: CONTACT_TEXTS[list.kind],
    });
}
