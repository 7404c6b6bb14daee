import { ERASED, type ErasedValue, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import { CONTACT_KINDS, eventTypeOf, KIND_NAMES, type ContactDetails, type ContactEvent, type ContactKind } from './domain/contacts';

/**
 * Per kind, its personal fields and what they read once erased. An erased contact's email is null,
 * not "Erased": nothing may ever be mailed to a stand-in. Relationship, contact type, specialty and
 * role are choices from a list, not personal.
 */
const PERSONAL: { [K in ContactKind]: Partial<Record<keyof ContactDetails[K], ErasedValue>> } = {
  emergencyContact: { name: ERASED, phoneNumber: ERASED, notes: ERASED, email: null },
  doctor: { name: ERASED, phoneNumber: ERASED, email: ERASED, address: ERASED, notes: ERASED },
  familySupport: { name: ERASED, organization: ERASED, phoneNumber: ERASED, email: ERASED, notes: ERASED },
};

/**
 * Names, numbers, addresses and notes are personal (docs/privacy.md), in every event that carries
 * an entry's details (added, updated, restored): a family's contacts are encrypted with the key of
 * the family (its primary caregiver, erased with their account), a recipient's doctors and support
 * people with the recipient's key (erased when they are removed).
 */
export const careHubPersonalData = Object.fromEntries(
  CONTACT_KINDS.flatMap((kind) =>
    (['Added', 'Updated', 'Restored'] as const).map((change) => [eventTypeOf(kind, change), { subject: KIND_NAMES[kind].scope, fields: PERSONAL[kind] }]),
  ),
) as PersonalDataDeclaration<ContactEvent>;
