import {
  CARE_HUB_DEFAULTS,
  CARE_HUB_LIMITS,
  CARE_HUB_MAX,
  CARE_HUB_TEXT,
  CONTACT_TYPES,
  RELATIONSHIPS,
  SPECIALTIES,
  SUPPORT_ROLES,
  type DoctorInput,
  type EmergencyContactInput,
  type FamilySupportInput,
} from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import {
  flag,
  invalid,
  oneOf,
  optionalEmail,
  optionalPhone,
  optionalText,
  recordsChange,
  requiredPhone,
  requiredText,
  type ListChange,
  type ListRules,
} from './care-hub-list';
import {
  DETAIL_FIELDS,
  eventTypeOf,
  evolveContacts,
  initialContactsState,
  KIND_NAMES,
  type Change,
  type ContactDetails,
  type ContactEvent,
  type ContactKind,
  type ContactsState,
} from './contacts';

/** What each kind's dialog sends. */
export interface ContactInputs {
  emergencyContact: EmergencyContactInput;
  doctor: DoctorInput;
  familySupport: FamilySupportInput;
}

/**
 * A change to one entry of a family's (emergency contacts) or a recipient's (doctors, support)
 * list. `scopeId` is the family or the recipient: which one, and whether the user may change it, is
 * the command handlers' check; the decider keeps the lists' rules.
 */
export type ContactCommand = {
  [K in ContactKind]:
    | { type: 'AddContact' | 'UpdateContact'; kind: K; scopeId: string; id: string; input: ContactInputs[K]; metadata: CommandMetadata }
    | { type: 'DeleteContact' | 'RestoreContact'; kind: K; scopeId: string; id: string; metadata: CommandMetadata };
}[ContactKind];

/** An entry belongs to one recipient: a body naming another one is refused, not a move. */
function checkRecipient(input: { childId?: unknown }, childId: string): void {
  if (input.childId !== undefined && input.childId !== null && input.childId !== childId) throw invalid('childId', CARE_HUB_TEXT.childMismatch);
}

type FieldReader = (field: string, value: unknown) => unknown;
const text = (max: number): FieldReader => (field, value) => optionalText(field, value, max);
const name = (requiredMessage: string): FieldReader => (field, value) => requiredText(field, value, CARE_HUB_MAX.name, requiredMessage);
const phone = (requiredMessage?: string): FieldReader => (field, value) =>
  requiredMessage ? requiredPhone(field, value, CARE_HUB_MAX.phone, requiredMessage) : optionalPhone(field, value, CARE_HUB_MAX.phone);
const email: FieldReader = (_field, value) => optionalEmail(value);
const choice = <T extends string>(values: readonly T[], fallback: T | null, message: string): FieldReader => (field, value) => oneOf(field, value, values, fallback, message);
const yesNo: FieldReader = flag;
const NOTES = text(CARE_HUB_MAX.notes);

/**
 * Per kind, how each field the dialog sends becomes the value its events carry: trimmed, blank
 * optional text (and email) null, phones in E.164, choices within the schema (absent: the default).
 * Fields are read in DETAIL_FIELDS order: the first bad one is the 400's.
 */
// prettier-ignore
const FIELD_READERS: { [K in ContactKind]: Record<keyof ContactDetails[K], FieldReader> } = {
  emergencyContact: { name: name(CARE_HUB_TEXT.contactRequiredName), phoneNumber: phone(CARE_HUB_TEXT.contactRequiredPhone), relationship: choice(RELATIONSHIPS, null, CARE_HUB_TEXT.unknown.relationship), contactType: choice(CONTACT_TYPES, CARE_HUB_DEFAULTS.contactType, CARE_HUB_TEXT.unknown.contactType), isPrimary: yesNo, notes: NOTES, email },
  doctor: { name: name(CARE_HUB_TEXT.doctorRequiredName), specialty: choice(SPECIALTIES, CARE_HUB_DEFAULTS.specialty, CARE_HUB_TEXT.unknown.specialty), phoneNumber: phone(), email, address: text(CARE_HUB_MAX.address), notes: NOTES, isPrimary: yesNo },
  familySupport: { name: name(CARE_HUB_TEXT.supportRequiredName), role: choice(SUPPORT_ROLES, CARE_HUB_DEFAULTS.role, CARE_HUB_TEXT.unknown.role), organization: text(CARE_HUB_MAX.organization), phoneNumber: phone(), email, notes: NOTES },
};

/** Per kind: the list's limit and errors. */
export const CONTACT_RULES: Record<ContactKind, ListRules> = {
  emergencyContact: { limit: CARE_HUB_LIMITS.emergencyContacts, tooMany: CARE_HUB_TEXT.tooMany.contact, notFound: CARE_HUB_TEXT.notFound.contact, code: 'CARE_HUB.CONTACT' },
  doctor: { limit: CARE_HUB_LIMITS.doctors, tooMany: CARE_HUB_TEXT.tooMany.doctor, notFound: CARE_HUB_TEXT.notFound.doctor, code: 'CARE_HUB.DOCTOR' },
  familySupport: { limit: CARE_HUB_LIMITS.familySupport, tooMany: CARE_HUB_TEXT.tooMany.support, notFound: CARE_HUB_TEXT.notFound.support, code: 'CARE_HUB.SUPPORT' },
};

/** The dialog's fields of one kind as its events carry them. */
export function readContactInput<K extends ContactKind>(kind: K, input: ContactInputs[K], scopeId: string): ContactDetails[K] {
  if (kind !== 'emergencyContact') checkRecipient(input as { childId?: unknown }, scopeId);
  const readers = FIELD_READERS[kind] as Record<string, FieldReader>;
  const values = input as unknown as Record<string, unknown>;
  return Object.fromEntries(DETAIL_FIELDS[kind].map((field) => [field, readers[field as string](field as string, values[field as string])])) as unknown as ContactDetails[K];
}

export function decideContacts(command: ContactCommand, state: ContactsState): ContactEvent[] {
  const { kind, scopeId, id } = command;
  const entries = state[kind] ?? {};
  const records = (change: ListChange, details?: object) => recordsChange<object>(entries, change, id, CONTACT_RULES[kind], details);
  const event = (change: Change, data: object) =>
    ({ type: eventTypeOf(kind, change), data: { [KIND_NAMES[kind].scope]: scopeId, [KIND_NAMES[kind].id]: id, ...data } }) as ContactEvent;
  const at = command.metadata.occurredAt;
  switch (command.type) {
    case 'AddContact': {
      const details = readContactInput(kind, command.input as never, scopeId);
      return records('add') ? [event('Added', { ...details, addedAt: at })] : [];
    }
    case 'UpdateContact': {
      const details = readContactInput(kind, command.input as never, scopeId);
      return records('update', details) ? [event('Updated', { ...details, updatedAt: at })] : [];
    }
    case 'DeleteContact':
      records('delete');
      return [event('Deleted', { deletedAt: at })];
    case 'RestoreContact': {
      if (!records('restore')) return [];
      const { details, addedAt } = entries[id];
      return [event('Restored', { ...details, addedAt, restoredAt: at })];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** One decider for every stream of the directory: a family's contacts and a recipient's doctors and support people. */
export const contactsDecider: Decider<ContactCommand, ContactEvent, ContactsState> = {
  decide: decideContacts,
  evolve: evolveContacts,
  initialState: initialContactsState,
};
