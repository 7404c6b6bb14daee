import type { Doctor, EmergencyContact, FamilySupportResource } from '@carecircle/libs';
import type { Entries } from './care-hub-list';

/**
 * Care Hub's directory of people: a family's emergency contacts, a care recipient's doctors and
 * family-support people. One model, three kinds: each kind has its own details (below) and the
 * names its events were recorded with (KIND_NAMES), everything else is shared.
 * - `emergencyContact`: one stream per family, `emergency-contacts-{familyId}` (the family is its
 *   primary caregiver's user id);
 * - `doctor` and `familySupport`: one stream per recipient, `care-directory-{childId}`, both kinds in it.
 * A deleted entry stays in the state (`deleted`), so the toast's Undo restores it with a second
 * command, not a hidden delay.
 */
export const CONTACT_KINDS = ['emergencyContact', 'doctor', 'familySupport'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** The names recorded events carry (fixed: the store holds them): type prefix, scope and id fields, stream. */
export const KIND_NAMES = {
  emergencyContact: { event: 'EmergencyContact', scope: 'familyId', id: 'contactId', stream: 'emergency-contacts' },
  doctor: { event: 'Doctor', scope: 'childId', id: 'doctorId', stream: 'care-directory' },
  familySupport: { event: 'FamilySupport', scope: 'childId', id: 'resourceId', stream: 'care-directory' },
} as const;

/**
 * Each kind's details are its entry as the API answers it, without the ids and times (libs/src/care-hub.ts).
 * Phones are E.164, an extension as `;ext=12` (`+14155550134;ext=12`); events before issue 21 may
 * hold a short service number (911). A contact's email is where urgent escalations write.
 */
type Stored = 'id' | 'createdAt' | 'updatedAt';
export type EmergencyContactDetails = Omit<EmergencyContact, Stored | 'familyId' | 'canEdit'>;
export type DoctorDetails = Omit<Doctor, Stored | 'childId'>;
export type FamilySupportDetails = Omit<FamilySupportResource, Stored | 'childId'>;

export interface ContactDetails {
  emergencyContact: EmergencyContactDetails;
  doctor: DoctorDetails;
  familySupport: FamilySupportDetails;
}

/** The fields of each kind's details, in the order the events carry them. */
export const DETAIL_FIELDS: { [K in ContactKind]: readonly (keyof ContactDetails[K])[] } = {
  emergencyContact: ['name', 'phoneNumber', 'relationship', 'contactType', 'isPrimary', 'notes', 'email'],
  doctor: ['name', 'specialty', 'phoneNumber', 'email', 'address', 'notes', 'isPrimary'],
  familySupport: ['name', 'role', 'organization', 'phoneNumber', 'email', 'notes'],
};

/** The details as events carry them: contacts recorded before they had an email have none (read as null). */
export type RecordedEmergencyContactDetails = Omit<EmergencyContactDetails, 'email'> & { email?: string | null };
interface RecordedDetails {
  emergencyContact: RecordedEmergencyContactDetails;
  doctor: DoctorDetails;
  familySupport: FamilySupportDetails;
}

type Names<K extends ContactKind> = (typeof KIND_NAMES)[K];
type Ids<K extends ContactKind> = Record<Names<K>['scope'] | Names<K>['id'], string>;
type KindEvent<K extends ContactKind, Details = RecordedDetails[K]> =
  | { type: `${Names<K>['event']}Added`; data: Ids<K> & Details & { addedAt: string } }
  | { type: `${Names<K>['event']}Updated`; data: Ids<K> & Details & { updatedAt: string } }
  | { type: `${Names<K>['event']}Deleted`; data: Ids<K> & { deletedAt: string } }
  /** Carries the entry again, so a projection that deleted its row can put it back as it was. */
  | { type: `${Names<K>['event']}Restored`; data: Ids<K> & Details & { addedAt: string; restoredAt: string } };

export type EmergencyContactEvent = KindEvent<'emergencyContact'>;
export type DoctorEvent = KindEvent<'doctor'>;
export type FamilySupportEvent = KindEvent<'familySupport'>;
/** The events of a recipient's stream `care-directory-{childId}`. */
export type CareDirectoryEvent = DoctorEvent | FamilySupportEvent;
export type ContactEvent = EmergencyContactEvent | CareDirectoryEvent;
/** The events of one kind. */
export type ContactEventOf<K extends ContactKind> = { emergencyContact: EmergencyContactEvent; doctor: DoctorEvent; familySupport: FamilySupportEvent }[K];

export const CHANGES = ['Added', 'Updated', 'Deleted', 'Restored'] as const;
export type Change = (typeof CHANGES)[number];

/** A stored event type's kind and change ('DoctorRestored': doctor, Restored). */
const EVENT_TYPES = new Map<string, { kind: ContactKind; change: Change }>(
  CONTACT_KINDS.flatMap((kind) => CHANGES.map((change) => [`${KIND_NAMES[kind].event}${change}`, { kind, change }] as const)),
);

export function eventTypeOf(kind: ContactKind, change: Change): ContactEvent['type'] {
  return `${KIND_NAMES[kind].event}${change}` as ContactEvent['type'];
}

export function kindOfEvent(type: string): { kind: ContactKind; change: Change } | undefined {
  return EVENT_TYPES.get(type);
}

/** An event's entry id and scope (family or recipient) id. */
export function idsOf(kind: ContactKind, data: object): { id: string; scopeId: string } {
  const values = data as Record<string, string>;
  return { id: values[KIND_NAMES[kind].id], scopeId: values[KIND_NAMES[kind].scope] };
}

/** The details an event carries, each field present (an absent one, a contact's email before it existed, is null). */
export function detailsOf<K extends ContactKind>(kind: K, data: object): ContactDetails[K] {
  const values = data as Record<string, unknown>;
  return Object.fromEntries(DETAIL_FIELDS[kind].map((field) => [field, values[field as string] ?? null])) as unknown as ContactDetails[K];
}

/** A stream's entries, per kind (a recipient's stream holds doctors and support people). */
export type ContactsState = { readonly [K in ContactKind]?: Entries<ContactDetails[K]> };

export const initialContactsState = (): ContactsState => ({});

export function evolveContacts(state: ContactsState, event: ContactEvent): ContactsState {
  const known = kindOfEvent(event.type);
  if (!known) return state;
  const { kind, change } = known;
  const { id } = idsOf(kind, event.data);
  const entries: Entries<object> = state[kind] ?? {};
  const current = entries[id];
  const withEntry = (entry: Entries<object>[string]): ContactsState => ({ ...state, [kind]: { ...entries, [id]: entry } });
  switch (change) {
    case 'Added':
    case 'Restored':
      return withEntry({ details: detailsOf(kind, event.data), addedAt: (event.data as { addedAt: string }).addedAt, deleted: false });
    case 'Updated':
      return current ? withEntry({ ...current, details: detailsOf(kind, event.data) }) : state;
    case 'Deleted':
      return current ? withEntry({ ...current, deleted: true }) : state;
    default: {
      const unknown: never = change;
      return unknown;
    }
  }
}

/** The stream a kind's entries of one family or recipient are recorded in. */
export const contactStream = (kind: ContactKind, scopeId: string) => `${KIND_NAMES[kind].stream}-${scopeId}`;
