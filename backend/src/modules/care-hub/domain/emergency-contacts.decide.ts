import {
  CARE_HUB_DEFAULTS,
  CARE_HUB_LIMITS,
  CARE_HUB_MAX,
  CARE_HUB_TEXT,
  CONTACT_TYPES,
  RELATIONSHIPS,
  type EmergencyContactInput,
} from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { flag, oneOf, optionalEmail, optionalText, recordsChange, requiredPhone, requiredText, type ListChange, type ListRules } from './care-hub-list';
import {
  evolveEmergencyContacts,
  initialEmergencyContactsState,
  type EmergencyContactDetails,
  type EmergencyContactEvent,
  type EmergencyContactsState,
} from './emergency-contacts';

type Command<Type extends string, Data> = { type: Type; familyId: string; data: Data; metadata: CommandMetadata };
export type EmergencyContactCommand =
  | Command<'AddEmergencyContact', { contactId: string; input: EmergencyContactInput }>
  | Command<'UpdateEmergencyContact', { contactId: string; input: EmergencyContactInput }>
  | Command<'DeleteEmergencyContact', { contactId: string }>
  | Command<'RestoreEmergencyContact', { contactId: string }>;

const RULES: ListRules = {
  limit: CARE_HUB_LIMITS.emergencyContacts,
  tooMany: CARE_HUB_TEXT.tooMany.contact,
  notFound: CARE_HUB_TEXT.notFound.contact,
  code: 'CARE_HUB.CONTACT',
};

/** The dialog's fields as the event carries them: trimmed, blank optional text (and email) null, the phone in E.164. */
export function readEmergencyContactInput(input: EmergencyContactInput): EmergencyContactDetails {
  return {
    name: requiredText('name', input.name, CARE_HUB_MAX.name, CARE_HUB_TEXT.contactRequiredName),
    phoneNumber: requiredPhone('phoneNumber', input.phoneNumber, CARE_HUB_MAX.phone, CARE_HUB_TEXT.contactRequiredPhone),
    relationship: oneOf('relationship', input.relationship, RELATIONSHIPS, null, CARE_HUB_TEXT.unknown.relationship),
    contactType: oneOf('contactType', input.contactType, CONTACT_TYPES, CARE_HUB_DEFAULTS.contactType, CARE_HUB_TEXT.unknown.contactType)!,
    isPrimary: flag('isPrimary', input.isPrimary),
    notes: optionalText('notes', input.notes, CARE_HUB_MAX.notes),
    email: optionalEmail(input.email),
  };
}

/** Who may change a family's contacts is the command handler's check; the decider keeps the list's rules. */
export function decideEmergencyContacts(command: EmergencyContactCommand, state: EmergencyContactsState): EmergencyContactEvent[] {
  const { familyId } = command;
  const { contactId } = command.data;
  const at = command.metadata.occurredAt;
  const records = (change: ListChange, details?: EmergencyContactDetails) => recordsChange(state.contacts, change, contactId, RULES, details);
  switch (command.type) {
    case 'AddEmergencyContact': {
      const details = readEmergencyContactInput(command.data.input);
      if (!records('add')) return [];
      return [{ type: 'EmergencyContactAdded', data: { familyId, contactId, ...details, addedAt: at } }];
    }
    case 'UpdateEmergencyContact': {
      const details = readEmergencyContactInput(command.data.input);
      if (!records('update', details)) return [];
      return [{ type: 'EmergencyContactUpdated', data: { familyId, contactId, ...details, updatedAt: at } }];
    }
    case 'DeleteEmergencyContact':
      records('delete');
      return [{ type: 'EmergencyContactDeleted', data: { familyId, contactId, deletedAt: at } }];
    case 'RestoreEmergencyContact': {
      if (!records('restore')) return [];
      const { details, addedAt } = state.contacts[contactId];
      return [{ type: 'EmergencyContactRestored', data: { familyId, contactId, ...details, addedAt, restoredAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const emergencyContactsDecider: Decider<EmergencyContactCommand, EmergencyContactEvent, EmergencyContactsState> = {
  decide: decideEmergencyContacts,
  evolve: evolveEmergencyContacts,
  initialState: initialEmergencyContactsState,
};
