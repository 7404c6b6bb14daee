import type { ContactType, Relationship } from '@carecircle/libs';
import type { Entries } from './care-hub-list';

/**
 * A family's emergency contacts, in one stream `emergency-contacts-{familyId}`; the family is its
 * primary caregiver's user id. A deleted contact stays in the state (`deleted`), so the toast's Undo
 * restores it with a second command, not a hidden delay.
 */
export interface EmergencyContactDetails {
  name: string;
  /** E.164, an extension as `;ext=12` (`+14155550134;ext=12`); events before issue 21 may hold a short service number (911). */
  phoneNumber: string;
  relationship: Relationship | null;
  contactType: ContactType;
  isPrimary: boolean;
  notes: string | null;
  /** Where urgent escalations email the contact; null for none. */
  email: string | null;
}

/** The details as events carry them: events recorded before contacts had an email have none (read as null). */
export type RecordedEmergencyContactDetails = Omit<EmergencyContactDetails, 'email'> & { email?: string | null };

type Ids = { familyId: string; contactId: string };

export type EmergencyContactEvent =
  | { type: 'EmergencyContactAdded'; data: Ids & RecordedEmergencyContactDetails & { addedAt: string } }
  | { type: 'EmergencyContactUpdated'; data: Ids & RecordedEmergencyContactDetails & { updatedAt: string } }
  | { type: 'EmergencyContactDeleted'; data: Ids & { deletedAt: string } }
  /** Carries the contact again, so a projection that deleted its row can put it back as it was. */
  | { type: 'EmergencyContactRestored'; data: Ids & RecordedEmergencyContactDetails & { addedAt: string; restoredAt: string } };

export interface EmergencyContactsState {
  contacts: Entries<EmergencyContactDetails>;
}

export const initialEmergencyContactsState = (): EmergencyContactsState => ({ contacts: {} });

function detailsOf(data: RecordedEmergencyContactDetails): EmergencyContactDetails {
  const { name, phoneNumber, relationship, contactType, isPrimary, notes, email } = data;
  return { name, phoneNumber, relationship, contactType, isPrimary, notes, email: email ?? null };
}

export function evolveEmergencyContacts(state: EmergencyContactsState, event: EmergencyContactEvent): EmergencyContactsState {
  const { contactId } = event.data;
  const current = state.contacts[contactId];
  switch (event.type) {
    case 'EmergencyContactAdded':
    case 'EmergencyContactRestored':
      return { contacts: { ...state.contacts, [contactId]: { details: detailsOf(event.data), addedAt: event.data.addedAt, deleted: false } } };
    case 'EmergencyContactUpdated':
      return current ? { contacts: { ...state.contacts, [contactId]: { ...current, details: detailsOf(event.data) } } } : state;
    case 'EmergencyContactDeleted':
      return current ? { contacts: { ...state.contacts, [contactId]: { ...current, deleted: true } } } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const emergencyContactsStream = (familyId: string) => `emergency-contacts-${familyId}`;
