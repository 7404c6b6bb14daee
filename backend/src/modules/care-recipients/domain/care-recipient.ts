import { DEFAULT_DOSE_AMOUNT, DEFAULT_MEDICATION_UNIT, DEFAULT_REFILL_THRESHOLD_DAYS, medicationNameKey, type Child, type Medication, type MedicationUnit } from '@carecircle/libs';

/**
 * A care recipient (the API calls them children) and the medications given to them, in one stream
 * `care-recipient-{id}`: removing the recipient removes their medications in the same decision.
 */
/** A recipient's own fields, as the API's Child has them (dateOfBirth: yyyy-mm-dd or null). */
export type CareRecipientDetails = Pick<Child, 'firstName' | 'lastName' | 'dateOfBirth' | 'medicalNotes' | 'notes' | 'gender' | 'phone' | 'email' | 'profileImageUrl'>;

/**
 * A medication's own fields, as the API's Medication has them. Events before issue 21 lack
 * `strength` (null); events before issue 12 lack the stock settings (DEFAULT_DOSE_AMOUNT, 'tablets', 7 days).
 */
export type MedicationDetails = Pick<Medication, 'name' | 'dosage' | 'strength' | 'instructions' | 'photoUrl' | 'doseAmount' | 'unit' | 'refillThresholdDays'>;

/** What the decider keeps of a medication: its details and where its refill reminder stands. */
export interface MedicationState extends MedicationDetails {
  /** A stock is recorded (MedicationAdded with a stock, a count or a refill); the amount itself is derived by the read model. */
  stockTracked: boolean;
  /** The next MedicationStockLow may be recorded: one per refill cycle (docs/notifications.md). */
  reminderArmed: boolean;
}

/** Events of issue 12 and later carry the stock settings; older MedicationAdded events read with the defaults. */
type MedicationAddedData = Omit<MedicationDetails, 'doseAmount' | 'unit' | 'refillThresholdDays' | 'strength'> &
  Partial<Pick<MedicationDetails, 'doseAmount' | 'unit' | 'refillThresholdDays' | 'strength'>> & {
    childId: string;
    medicationId: string;
    /** Amount on hand when added; null or absent: the stock is not tracked. */
    stock?: number | null;
    addedAt: string;
  };

export type CareRecipientEvent =
  | { type: 'CareRecipientAdded'; data: CareRecipientDetails & { childId: string; primaryCaregiverId: string; addedAt: string } }
  | { type: 'CareRecipientUpdated'; data: Partial<CareRecipientDetails> & { childId: string; updatedAt: string } }
  | { type: 'CareRecipientRemoved'; data: { childId: string; removedAt: string } }
  | { type: 'CaregiverAccessGranted'; data: { childId: string; userId: string; canEdit: boolean; grantedAt: string } }
  | { type: 'CaregiverAccessRevoked'; data: { childId: string; userId: string; revokedAt: string } }
  | { type: 'MedicationAdded'; data: MedicationAddedData }
  | { type: 'MedicationUpdated'; data: Partial<MedicationDetails> & { childId: string; medicationId: string; updatedAt: string } }
  | { type: 'MedicationRemoved'; data: { childId: string; medicationId: string; removedAt: string } }
  /**
   * The amount on hand was counted and set (stock null: no longer tracked). `reminderRearmed`: the
   * count covers the reminder's days, so the next low stock is reminded again.
   */
  | { type: 'MedicationStockCounted'; data: { childId: string; medicationId: string; stock: number | null; reminderRearmed: boolean; countedAt: string } }
  /** "Refilled +amount": added to the stock shown (never below 0). */
  | { type: 'MedicationRefilled'; data: { childId: string; medicationId: string; amount: number; reminderRearmed: boolean; refilledAt: string } }
  /**
   * Recorded by the refill-reminder worker when the stock covers fewer than refillThresholdDays days
   * at the scheduled rate: once per refill cycle. `name` and `unit` are for the reminder's text.
   */
  | {
      type: 'MedicationStockLow';
      data: { childId: string; medicationId: string; name: string; unit: MedicationUnit; stock: number; daysLeft: number; thresholdDays: number; detectedAt: string };
    };

export type CareRecipientState =
  | { status: 'none' }
  | {
      status: 'active';
      childId: string;
      primaryCaregiverId: string;
      details: CareRecipientDetails;
      /** userId -> canEdit for caregivers the recipient is shared with. */
      access: Record<string, boolean>;
      medications: Record<string, MedicationState>;
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
      const { childId: _c, medicationId, addedAt: _a, stock, doseAmount, unit, refillThresholdDays, strength, ...details } = event.data;
      const medication: MedicationState = {
        ...details,
        strength: strength ?? null,
        doseAmount: doseAmount ?? DEFAULT_DOSE_AMOUNT,
        unit: unit ?? DEFAULT_MEDICATION_UNIT,
        refillThresholdDays: refillThresholdDays ?? DEFAULT_REFILL_THRESHOLD_DAYS,
        stockTracked: stock !== undefined && stock !== null,
        reminderArmed: true,
      };
      return { ...state, medications: { ...state.medications, [medicationId]: medication } };
    }
    case 'MedicationUpdated': {
      const { childId: _c, medicationId, updatedAt: _u, ...changes } = event.data;
      return withMedication(state, medicationId, (medication) => ({ ...medication, ...changes }));
    }
    case 'MedicationRemoved': {
      const { [event.data.medicationId]: _removed, ...medications } = state.medications;
      return { ...state, medications };
    }
    case 'MedicationStockCounted':
      return withMedication(state, event.data.medicationId, (medication) => ({
        ...medication,
        stockTracked: event.data.stock !== null,
        reminderArmed: medication.reminderArmed || event.data.reminderRearmed,
      }));
    case 'MedicationRefilled':
      return withMedication(state, event.data.medicationId, (medication) => ({
        ...medication,
        stockTracked: true,
        reminderArmed: medication.reminderArmed || event.data.reminderRearmed,
      }));
    case 'MedicationStockLow':
      return withMedication(state, event.data.medicationId, (medication) => ({ ...medication, reminderArmed: false }));
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

type ActiveState = Extract<CareRecipientState, { status: 'active' }>;

function withMedication(state: ActiveState, medicationId: string, change: (medication: MedicationState) => MedicationState): ActiveState {
  const medication = state.medications[medicationId];
  return medication ? { ...state, medications: { ...state.medications, [medicationId]: change(medication) } } : state;
}

export const careRecipientStream = (childId: string) => `care-recipient-${childId}`;

/** The id of the recipient's medication with this name (case and spacing ignored), if there is one. */
export function medicationNamed(state: CareRecipientState, name: string): string | undefined {
  if (state.status !== 'active') return undefined;
  const key = medicationNameKey(name);
  return Object.entries(state.medications).find(([, medication]) => medicationNameKey(medication.name) === key)?.[0];
}
