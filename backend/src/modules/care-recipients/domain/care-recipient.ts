/**
 * A care recipient (the API calls them children) and the medications given to them, in one stream
 * `care-recipient-{id}`: removing the recipient removes their medications in the same decision.
 */
export interface CareRecipientDetails {
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd or null */
  dateOfBirth: string | null;
  medicalNotes: string | null;
  notes: string | null;
  gender: string | null;
  phone: string | null;
  email: string | null;
  profileImageUrl: string | null;
}

export interface MedicationDetails {
  name: string;
  dosage: string;
  instructions: string | null;
  photoUrl: string | null;
}

export type CareRecipientEvent =
  | { type: 'CareRecipientAdded'; data: CareRecipientDetails & { childId: string; primaryCaregiverId: string; addedAt: string } }
  | { type: 'CareRecipientUpdated'; data: Partial<CareRecipientDetails> & { childId: string; updatedAt: string } }
  | { type: 'CareRecipientRemoved'; data: { childId: string; removedAt: string } }
  | { type: 'CaregiverAccessGranted'; data: { childId: string; userId: string; canEdit: boolean; grantedAt: string } }
  | { type: 'CaregiverAccessRevoked'; data: { childId: string; userId: string; revokedAt: string } }
  | { type: 'MedicationAdded'; data: MedicationDetails & { childId: string; medicationId: string; addedAt: string } }
  | { type: 'MedicationUpdated'; data: Partial<MedicationDetails> & { childId: string; medicationId: string; updatedAt: string } }
  | { type: 'MedicationRemoved'; data: { childId: string; medicationId: string; removedAt: string } };

export type CareRecipientState =
  | { status: 'none' }
  | {
      status: 'active';
      childId: string;
      primaryCaregiverId: string;
      details: CareRecipientDetails;
      /** userId -> canEdit for caregivers the recipient is shared with. */
      access: Record<string, boolean>;
      medications: Record<string, MedicationDetails>;
    }
  | { status: 'removed'; childId: string };

export const initialCareRecipientState = (): CareRecipientState => ({ status: 'none' });

export function evolveCareRecipient(state: CareRecipientState, event: CareRecipientEvent): CareRecipientState {
  if (event.type === 'CareRecipientAdded') {
    const { childId, primaryCaregiverId, addedAt: _addedAt, ...details } = event.data;
    return { status: 'active', childId, primaryCaregiverId, details, access: {}, medications: {} };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'CareRecipientUpdated': {
      const { childId: _c, updatedAt: _u, ...changes } = event.data;
      return { ...state, details: { ...state.details, ...changes } };
    }
    case 'CareRecipientRemoved':
      return { status: 'removed', childId: state.childId };
    case 'CaregiverAccessGranted':
      return { ...state, access: { ...state.access, [event.data.userId]: event.data.canEdit } };
    case 'CaregiverAccessRevoked': {
      const { [event.data.userId]: _revoked, ...access } = state.access;
      return { ...state, access };
    }
    case 'MedicationAdded': {
      const { childId: _c, medicationId, addedAt: _a, ...details } = event.data;
      return { ...state, medications: { ...state.medications, [medicationId]: details } };
    }
    case 'MedicationUpdated': {
      const { childId: _c, medicationId, updatedAt: _u, ...changes } = event.data;
      return { ...state, medications: { ...state.medications, [medicationId]: { ...state.medications[medicationId], ...changes } } };
    }
    case 'MedicationRemoved': {
      const { [event.data.medicationId]: _removed, ...medications } = state.medications;
      return { ...state, medications };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const careRecipientStream = (childId: string) => `care-recipient-${childId}`;
