import { ERASED, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import type { CareDirectoryEvent } from './domain/care-directory';
import type { EmergencyContactEvent } from './domain/emergency-contacts';

/** An erased contact's email is null, not "Erased": nothing may ever be mailed to a stand-in. */
const contact = { name: ERASED, phoneNumber: ERASED, notes: ERASED, email: null } as const;
const doctor = { name: ERASED, phoneNumber: ERASED, email: ERASED, address: ERASED, notes: ERASED } as const;
const support = { name: ERASED, organization: ERASED, phoneNumber: ERASED, email: ERASED, notes: ERASED } as const;

/**
 * Names, numbers, addresses and notes are personal (docs/privacy.md): a family's contacts are
 * encrypted with the key of the family (its primary caregiver, erased with their account), a
 * recipient's doctors and support people with the recipient's key (erased when they are removed).
 * Relationship, contact type, specialty and role are choices from a list, not personal.
 */
export const careHubPersonalData: PersonalDataDeclaration<EmergencyContactEvent | CareDirectoryEvent> = {
  EmergencyContactAdded: { subject: 'familyId', fields: contact },
  EmergencyContactUpdated: { subject: 'familyId', fields: contact },
  EmergencyContactRestored: { subject: 'familyId', fields: contact },
  DoctorAdded: { subject: 'childId', fields: doctor },
  DoctorUpdated: { subject: 'childId', fields: doctor },
  DoctorRestored: { subject: 'childId', fields: doctor },
  FamilySupportAdded: { subject: 'childId', fields: support },
  FamilySupportUpdated: { subject: 'childId', fields: support },
  FamilySupportRestored: { subject: 'childId', fields: support },
};
