import {
  CHILD_FIRST_NAME_REQUIRED,
  CHILD_DATE_OF_BIRTH_INVALID,
  CHILD_LAST_NAME_REQUIRED,
  dateProblem,
  dateProblemMessage,
  DEFAULT_DOSE_AMOUNT,
  DEFAULT_MEDICATION_UNIT,
  DEFAULT_REFILL_THRESHOLD_DAYS,
  FAMILY_LIMITS,
  isIntInRange,
  isStockAmount,
  isStockLow,
  LIMIT_MESSAGES,
  MEDICATION_DOSAGE_REQUIRED,
  MEDICATION_NAME_REQUIRED,
  MEDICATION_STRENGTH_MAX,
  medicationNameKey,
  MEDICATION_STOCK_LIMITS,
  MEDICATION_STOCK_MESSAGES,
  MEDICATION_UNITS,
  roundAmount,
  stockDaysLeft,
  splitFullName,
  type ChildInput,
  type MedicationInput,
} from '@carecircle/libs';
import type { Decider, DomainCommand as Command } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import {
  evolveCareRecipient,
  initialCareRecipientState,
  type CareRecipientDetails,
  type CareRecipientEvent,
  type CareRecipientState,
  type MedicationDetails,
  type MedicationState,
} from './care-recipient';

export const MEDICATION_STRENGTH_MESSAGE = `Strength must be at most ${MEDICATION_STRENGTH_MAX} characters`;

/**
 * What the read model shows of a medication's stock when the command is given (the amount is
 * derived there from dose tasks; docs/notifications.md): the stock (null: untracked) and the
 * scheduled doses per day. Refills, counts and the low-stock check judge the refill reminder by it.
 */
export interface ObservedStock {
  stock: number | null;
  dosesPerDay: number;
}

export type CareRecipientCommand =
  /**
   * `ownedRecipients`: how many recipients the actor is already the primary caregiver of, read by the
   * handler in the actor's turn (at most FAMILY_LIMITS.recipientsPerCaregiver).
   */
  | Command<'AddCareRecipient', { childId: string; input: ChildInput; ownedRecipients: number }>
  | Command<'UpdateCareRecipient', { input: ChildInput }>
  | Command<'RemoveCareRecipient', Record<string, never>>
  | Command<'GrantCaregiverAccess', { userId: string; canEdit: boolean }>
  /** `requireShared`: a user without access is a 404 (the caregivers panel), not a quiet no-op (account erasure). */
  | Command<'RevokeCaregiverAccess', { userId: string; requireShared?: boolean }>
  /** The caregivers panel's edit switch: only for a user the recipient is already shared with. */
  | Command<'ChangeCaregiverAccess', { userId: string; canEdit: boolean }>
  | Command<'AddMedication', { medicationId: string; input: MedicationInput }>
  /** `observed` is needed when the input sets `stock` (a count may re-arm the refill reminder). */
  | Command<'UpdateMedication', { medicationId: string; input: Partial<MedicationInput>; observed?: ObservedStock }>
  | Command<'RemoveMedication', { medicationId: string }>
  /**
   * Medications a schedule needs: each is the recipient's medication of that name (case and spacing
   * ignored), added with its `medicationId` when there is none; a name twice in the list is one
   * medication. Deciding on the stream's state makes a repeat (or a concurrent request) add nothing twice.
   */
  | Command<'EnsureMedications', { medications: { medicationId: string; input: MedicationInput }[] }>
  | Command<'RefillMedication', { medicationId: string; amount: number; observed: ObservedStock }>
  /** The refill-reminder worker's (actor null): records MedicationStockLow once per refill cycle. */
  | Command<'RecordMedicationStockLow', { medicationId: string; observed: ObservedStock }>;

const invalid = invalidInput('CARE_RECIPIENTS.INVALID');
const notFound = () => new DomainError('CARE_RECIPIENTS.NOT_FOUND', 'not_found', 'Care recipient not found');
const caregiverNotFound = () => new DomainError('CARE_RECIPIENTS.CAREGIVER_NOT_FOUND', 'not_found', 'This caregiver does not have access to this care recipient.');
const onlyPrimary = () => new DomainError('CARE_RECIPIENTS.FORBIDDEN', 'forbidden', 'Only the primary caregiver can change who has access to this care recipient.');
const medicationNotFound = () => new DomainError('CARE_RECIPIENTS.MEDICATION_NOT_FOUND', 'not_found', 'Medication not found');

const DATE = /^(\d{4,}-\d{2}-\d{2})/;

/**
 * Empty becomes null; a date or date-time becomes yyyy-mm-dd, a real date from 1900-01-01 and not
 * after `today` (the command's date); anything else is refused.
 */
export function normalizeDateOfBirth(value: string | null | undefined, today: string): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const date = DATE.exec(value.trim())?.[1];
  const problem = dateProblem(date, { notAfter: today });
  if (problem) throw invalid('dateOfBirth', dateProblemMessage(problem, CHILD_DATE_OF_BIRTH_INVALID));
  return date!;
}

const optional = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

/**
 * Reads either payload shape the spec names: firstName/lastName (both then required), or a single
 * `name` (the schedule-text flow) split into first and last name. `medicalConditions` and
 * `medicalNotes` are the same field under two names. Returns only the fields that were sent.
 */
export function readChildInput(input: ChildInput, today: string, isNew: boolean): Partial<CareRecipientDetails> {
  const details: Partial<CareRecipientDetails> = {};
  if (input.name !== undefined && input.firstName === undefined && input.lastName === undefined) {
    const { firstName, lastName } = splitFullName(input.name);
    if (!firstName) throw invalid('name', CHILD_FIRST_NAME_REQUIRED);
    Object.assign(details, { firstName, lastName });
  } else if (isNew || input.firstName !== undefined || input.lastName !== undefined) {
    const firstName = (input.firstName ?? '').trim();
    const lastName = (input.lastName ?? '').trim();
    if (!firstName) throw invalid('firstName', CHILD_FIRST_NAME_REQUIRED);
    if (!lastName) throw invalid('lastName', CHILD_LAST_NAME_REQUIRED);
    Object.assign(details, { firstName, lastName });
  }
  if (input.dateOfBirth !== undefined) details.dateOfBirth = normalizeDateOfBirth(input.dateOfBirth, today);
  const fields = {
    medicalNotes: optional(input.medicalNotes ?? input.medicalConditions),
    notes: optional(input.notes),
    gender: optional(input.gender),
    phone: optional(input.phone),
    email: optional(input.email),
    profileImageUrl: optional(input.profileImageUrl),
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(details, { [key]: value });
  return details;
}

const { maxStock, maxDoseAmount, maxRefillAmount, minThresholdDays, maxThresholdDays } = MEDICATION_STOCK_LIMITS;

/** The stock fields of an add or update; absent ones are left out (defaults are the add's business). */
function readStockSettings(input: Partial<MedicationInput>): Partial<Pick<MedicationDetails, 'doseAmount' | 'unit' | 'refillThresholdDays'>> {
  const settings: Partial<Pick<MedicationDetails, 'doseAmount' | 'unit' | 'refillThresholdDays'>> = {};
  if (input.doseAmount !== undefined && input.doseAmount !== null) {
    if (!isStockAmount(input.doseAmount, 0, maxDoseAmount, true)) throw invalid('doseAmount', MEDICATION_STOCK_MESSAGES.doseAmount);
    settings.doseAmount = roundAmount(input.doseAmount);
  }
  if (input.unit !== undefined && input.unit !== null) {
    if (!MEDICATION_UNITS.includes(input.unit)) throw invalid('unit', MEDICATION_STOCK_MESSAGES.unit);
    settings.unit = input.unit;
  }
  if (input.refillThresholdDays !== undefined && input.refillThresholdDays !== null) {
    if (!isIntInRange(input.refillThresholdDays, minThresholdDays, maxThresholdDays)) throw invalid('refillThresholdDays', MEDICATION_STOCK_MESSAGES.refillThresholdDays);
    settings.refillThresholdDays = input.refillThresholdDays;
  }
  return settings;
}

/** A stock as given: undefined (not given), null (not tracked) or 0..maxStock in cents. */
function readStock(stock: number | null | undefined): number | null | undefined {
  if (stock === undefined || stock === null) return stock;
  if (!isStockAmount(stock, 0, maxStock)) throw invalid('stock', MEDICATION_STOCK_MESSAGES.stock);
  return roundAmount(stock);
}

/**
 * Whether a stock of `stock` covers the refill reminder's days at the observed rate: a count or a
 * refill that does re-arms the reminder (nothing scheduled, or untracked, counts as covered).
 */
export function coversReminderDays(medication: Pick<MedicationDetails, 'doseAmount' | 'refillThresholdDays'>, stock: number | null, dosesPerDay: number): boolean {
  return !isStockLow(stockDaysLeft(stock, medication.doseAmount, dosesPerDay), medication.refillThresholdDays);
}

function readMedicationInput(input: Partial<MedicationInput>, complete: boolean): Partial<MedicationDetails> {
  const details: Partial<MedicationDetails> = {};
  if (complete || input.name !== undefined) {
    if (!input.name?.trim()) throw invalid('name', MEDICATION_NAME_REQUIRED);
    details.name = input.name.trim();
  }
  if (complete || input.dosage !== undefined) {
    if (!input.dosage?.trim()) throw invalid('dosage', MEDICATION_DOSAGE_REQUIRED);
    details.dosage = input.dosage.trim();
  }
  const strength = optional(input.strength);
  if (strength && strength.length > MEDICATION_STRENGTH_MAX) throw invalid('strength', MEDICATION_STRENGTH_MESSAGE);
  if (complete || strength !== undefined) details.strength = strength ?? null;
  const instructions = optional(input.instructions);
  const photoUrl = optional(input.photoUrl);
  if (complete || instructions !== undefined) details.instructions = instructions ?? null;
  if (complete || photoUrl !== undefined) details.photoUrl = photoUrl ?? null;
  return { ...details, ...readStockSettings(input) };
}

/** Only changed fields; nothing when the update changes nothing. */
function changed<T extends object>(current: T, next: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => current[key as keyof T] !== value)) as Partial<T>;
}

type Active = Extract<CareRecipientState, { status: 'active' }>;

/** Who may do what: the primary caregiver everything; shared caregivers read, and edit when canEdit. */
function authorize(state: CareRecipientState, actorId: string | null, need: 'view' | 'edit' | 'own'): Active {
  if (state.status !== 'active' || actorId === null) throw notFound();
  if (state.primaryCaregiverId === actorId) return state;
  if (!(actorId in state.access)) throw notFound();
  if (need === 'view') return state;
  if (need === 'own' || !state.access[actorId]) {
    throw new DomainError('CARE_RECIPIENTS.FORBIDDEN', 'forbidden', 'You can view this care recipient but not change it');
  }
  return state;
}

/** Who has access is the primary caregiver's to change: shared caregivers get a 403 saying so. */
function ownerOnly(state: CareRecipientState, actorId: string | null): Active {
  const active = authorize(state, actorId, 'view');
  if (active.primaryCaregiverId !== actorId) throw onlyPrimary();
  return active;
}

/** The recipient's medication the command names; 404 when it has none of that id. */
function medicationOf(active: Active, medicationId: string): MedicationState {
  const medication: MedicationState | undefined = active.medications[medicationId];
  if (!medication) throw medicationNotFound();
  return medication;
}

/** A new medication: its details read by the add rules, stock settings defaulted. */
function medicationAdded(childId: string, medicationId: string, input: MedicationInput, at: string): Extract<CareRecipientEvent, { type: 'MedicationAdded' }> {
  const details: MedicationDetails = {
    doseAmount: DEFAULT_DOSE_AMOUNT,
    unit: DEFAULT_MEDICATION_UNIT,
    refillThresholdDays: DEFAULT_REFILL_THRESHOLD_DAYS,
    ...(readMedicationInput(input, true) as Omit<MedicationDetails, 'doseAmount' | 'unit' | 'refillThresholdDays'>),
  };
  const stock = readStock(input.stock) ?? null;
  return { type: 'MedicationAdded', data: { ...details, stock, childId, medicationId, addedAt: at } };
}

export function decideCareRecipient(command: CareRecipientCommand, state: CareRecipientState): CareRecipientEvent[] {
  const { actorId, occurredAt: at } = command.metadata;
  const today = at.slice(0, 10);
  switch (command.type) {
    case 'AddCareRecipient': {
      if (state.status !== 'none') throw new DomainError('CARE_RECIPIENTS.ALREADY_EXISTS', 'conflict', 'This care recipient already exists');
      if (actorId === null) throw notFound();
      const details = readChildInput(command.data.input, today, true);
      if (command.data.ownedRecipients >= FAMILY_LIMITS.recipientsPerCaregiver) {
        throw new DomainError('CARE_RECIPIENTS.RECIPIENT_LIMIT', 'invalid', LIMIT_MESSAGES.recipientsPerCaregiver);
      }
      return [
        {
          type: 'CareRecipientAdded',
          data: {
            childId: command.data.childId,
            primaryCaregiverId: actorId,
            firstName: details.firstName!,
            lastName: details.lastName!,
            dateOfBirth: details.dateOfBirth ?? null,
            medicalNotes: details.medicalNotes ?? null,
            notes: details.notes ?? null,
            gender: details.gender ?? null,
            phone: details.phone ?? null,
            email: details.email ?? null,
            profileImageUrl: details.profileImageUrl ?? null,
            addedAt: at,
          },
        },
      ];
    }
    case 'UpdateCareRecipient': {
      const active = authorize(state, actorId, 'edit');
      const changes = changed(active.details, readChildInput(command.data.input, today, false));
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'CareRecipientUpdated', data: { ...changes, childId: active.childId, updatedAt: at } }];
    }
    case 'RemoveCareRecipient': {
      const active = authorize(state, actorId, 'own');
      return [{ type: 'CareRecipientRemoved', data: { childId: active.childId, removedAt: at } }];
    }
    case 'GrantCaregiverAccess': {
      const active = authorize(state, actorId, 'own');
      const { userId, canEdit } = command.data;
      if (userId === active.primaryCaregiverId || active.access[userId] === canEdit) return [];
      return [{ type: 'CaregiverAccessGranted', data: { childId: active.childId, userId, canEdit, grantedAt: at } }];
    }
    case 'RevokeCaregiverAccess': {
      // The primary caregiver takes access away; a shared caregiver may give up their own.
      const { userId, requireShared } = command.data;
      const active = userId === actorId ? authorize(state, actorId, 'view') : ownerOnly(state, actorId);
      if (!(userId in active.access)) {
        if (requireShared) throw caregiverNotFound();
        return [];
      }
      return [{ type: 'CaregiverAccessRevoked', data: { childId: active.childId, userId, revokedAt: at } }];
    }
    case 'ChangeCaregiverAccess': {
      const active = ownerOnly(state, actorId);
      const { userId, canEdit } = command.data;
      if (!(userId in active.access)) throw caregiverNotFound();
      if (active.access[userId] === canEdit) return [];
      return [{ type: 'CaregiverAccessGranted', data: { childId: active.childId, userId, canEdit, grantedAt: at } }];
    }
    case 'AddMedication': {
      const active = authorize(state, actorId, 'edit');
      const { medicationId, input } = command.data;
      if (active.medications[medicationId]) return [];
      return [medicationAdded(active.childId, medicationId, input, at)];
    }
    case 'EnsureMedications': {
      const active = authorize(state, actorId, 'edit');
      const events: CareRecipientEvent[] = [];
      const known = new Set(Object.values(active.medications).map((m) => medicationNameKey(m.name)));
      for (const { medicationId, input } of command.data.medications) {
        const added = medicationAdded(active.childId, medicationId, input, at);
        const key = medicationNameKey(added.data.name);
        if (known.has(key) || active.medications[medicationId]) continue;
        known.add(key);
        events.push(added);
      }
      return events;
    }
    case 'UpdateMedication': {
      const active = authorize(state, actorId, 'edit');
      const { medicationId, input, observed } = command.data;
      const current = medicationOf(active, medicationId);
      const changes = changed(current, readMedicationInput(input, false));
      const stock = readStock(input.stock);
      const events: CareRecipientEvent[] = [];
      if (Object.keys(changes).length > 0) {
        events.push({ type: 'MedicationUpdated', data: { ...changes, childId: active.childId, medicationId, updatedAt: at } });
      }
      // A count is recorded even when it equals an earlier one: the stock shown has moved with the doses since.
      if (stock !== undefined && (stock !== null || current.stockTracked)) {
        const next = { ...current, ...changes };
        const reminderRearmed = !current.reminderArmed && (stock === null || coversReminderDays(next, stock, observed?.dosesPerDay ?? 0));
        events.push({ type: 'MedicationStockCounted', data: { childId: active.childId, medicationId, stock, reminderRearmed, countedAt: at } });
      }
      return events;
    }
    case 'RefillMedication': {
      const active = authorize(state, actorId, 'edit');
      const { medicationId, amount, observed } = command.data;
      const current = medicationOf(active, medicationId);
      if (!isStockAmount(amount, 0, maxRefillAmount, true)) throw invalid('amount', MEDICATION_STOCK_MESSAGES.amount);
      const after = roundAmount(Math.max(0, observed.stock ?? 0) + amount);
      if (after > maxStock) throw invalid('amount', MEDICATION_STOCK_MESSAGES.stockTooHigh);
      const reminderRearmed = !current.reminderArmed && coversReminderDays(current, after, observed.dosesPerDay);
      return [{ type: 'MedicationRefilled', data: { childId: active.childId, medicationId, amount: roundAmount(amount), reminderRearmed, refilledAt: at } }];
    }
    case 'RecordMedicationStockLow': {
      if (state.status !== 'active' || actorId !== null) return [];
      const { medicationId, observed } = command.data;
      const medication: MedicationState | undefined = state.medications[medicationId];
      if (!medication?.stockTracked || !medication.reminderArmed || observed.stock === null) return [];
      const daysLeft = stockDaysLeft(observed.stock, medication.doseAmount, observed.dosesPerDay);
      if (!isStockLow(daysLeft, medication.refillThresholdDays)) return [];
      return [
        {
          type: 'MedicationStockLow',
          data: {
            childId: state.childId,
            medicationId,
            name: medication.name,
            unit: medication.unit,
            stock: roundAmount(Math.max(0, observed.stock)),
            daysLeft: Math.floor(daysLeft!),
            thresholdDays: medication.refillThresholdDays,
            detectedAt: at,
          },
        },
      ];
    }
    case 'RemoveMedication': {
      const active = authorize(state, actorId, 'edit');
      const { medicationId } = command.data;
      medicationOf(active, medicationId);
      return [{ type: 'MedicationRemoved', data: { childId: active.childId, medicationId, removedAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const careRecipientDecider: Decider<CareRecipientCommand, CareRecipientEvent, CareRecipientState> = {
  decide: decideCareRecipient,
  evolve: evolveCareRecipient,
  initialState: initialCareRecipientState,
};
