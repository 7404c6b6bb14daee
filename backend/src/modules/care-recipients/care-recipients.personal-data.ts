import { ERASED, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import type { CareRecipientEvent } from './domain/care-recipient';

const recipient = {
  firstName: ERASED,
  lastName: ERASED,
  dateOfBirth: null,
  medicalNotes: ERASED,
  notes: ERASED,
  gender: ERASED,
  phone: ERASED,
  email: ERASED,
  profileImageUrl: null,
} as const;
const medication = { name: ERASED, dosage: ERASED, strength: ERASED, instructions: ERASED, photoUrl: null } as const;

/** Everything said about a care recipient is theirs, encrypted with their key (docs/privacy.md). */
export const careRecipientPersonalData: PersonalDataDeclaration<CareRecipientEvent> = {
  CareRecipientAdded: { subject: 'childId', fields: recipient },
  CareRecipientUpdated: { subject: 'childId', fields: recipient },
  MedicationAdded: { subject: 'childId', fields: medication },
  MedicationUpdated: { subject: 'childId', fields: medication },
  MedicationStockLow: { subject: 'childId', fields: { name: ERASED } },
};
