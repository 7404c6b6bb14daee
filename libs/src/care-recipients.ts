/** Care recipients ("children" in the API) and their medications (spec documents 1-3). */
import type { MedicationUnit } from './medication-stock';

export interface Child {
  id: string;
  firstName: string;
  lastName: string;
  /** First and last name joined with a space. */
  name: string;
  /** yyyy-mm-dd or null. */
  dateOfBirth: string | null;
  medicalConditions: string | null;
  medicalNotes: string | null;
  notes: string | null;
  gender: string | null;
  phone: string | null;
  email: string | null;
  profileImageUrl: string | null;
  primaryCaregiverId: string;
  /** Whether the current user may change this recipient. */
  canEdit: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * Both payload shapes the spec names are accepted: the dashboard's
 * (firstName, lastName, dateOfBirth, medicalConditions, notes) and the schedule-text flow's
 * (name, dateOfBirth, medicalNotes, gender), plus phone and email from the settings edit form.
 */
export interface ChildInput {
  firstName?: string;
  lastName?: string;
  name?: string;
  dateOfBirth?: string | null;
  medicalConditions?: string | null;
  medicalNotes?: string | null;
  notes?: string | null;
  gender?: string | null;
  phone?: string | null;
  email?: string | null;
  profileImageUrl?: string | null;
}

export const CHILD_FIRST_NAME_REQUIRED = 'First name is required';
export const CHILD_LAST_NAME_REQUIRED = 'Last name is required';
export const CHILD_DATE_OF_BIRTH_INVALID = 'Date of birth must be a date (yyyy-mm-dd)';
export const CHILD_EMAIL_INVALID = 'Please enter a valid email address.';

/**
 * Splits a legacy full name into first and last name: the last word is the last name.
 * A one-word name keeps it as the first name and leaves the last name empty.
 */
export function splitFullName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

export function joinFullName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
}

export interface Medication {
  id: string;
  childId: string;
  name: string;
  dosage: string;
  /** The product's strength ("100 mg/mL", "15 mg/5 mL"), shown beside the dose; null when not given. */
  strength: string | null;
  instructions: string | null;
  photoUrl: string | null;
  isActive: boolean;
  createdAt: string;
  /** Amount on hand (never below 0 as shown); null when the stock is not tracked. */
  stock: number | null;
  /** What one dose task takes from the stock. */
  doseAmount: number;
  unit: MedicationUnit;
  /** A refill reminder comes when the stock covers fewer days than this. */
  refillThresholdDays: number;
  /** Scheduled doses per day (repeating schedules, or the dose tasks of the next 7 days). */
  dosesPerDay: number;
  /** Days the stock lasts at that rate (fractional), null when untracked or nothing is scheduled. */
  daysLeft: number | null;
  /** The last refill's amount (the refill dialog's default), null before the first refill. */
  lastRefillAmount: number | null;
}

export interface MedicationInput {
  name: string;
  dosage: string;
  /** At most MEDICATION_STRENGTH_MAX characters; empty or null means none. */
  strength?: string | null;
  instructions?: string | null;
  photoUrl?: string | null;
  /** Amount on hand now; null stops tracking the stock. */
  stock?: number | null;
  doseAmount?: number;
  unit?: MedicationUnit;
  refillThresholdDays?: number;
}

/** POST /api/medications/{id}/refill */
export interface RefillInput {
  amount: number;
}

export const MEDICATION_NAME_REQUIRED = 'Medication name is required';
export const MEDICATION_DOSAGE_REQUIRED = 'Dosage is required';
/** A strength is short text ("100 mg/mL"). */
export const MEDICATION_STRENGTH_MAX = 100;
/**
 * The dosage of a medication the server makes for a medication schedule that gave no dose (the
 * wizard's dose is optional): said plainly, never guessed, so the family sees it and fills it in.
 */
export const MEDICATION_DOSE_NOT_SET = 'Dose not set';

/**
 * Two medication names are the same medication when they differ only in case and spacing
 * ("Vitamin D3", "vitamin  d3", "VitaminD3"): the key a schedule finds its medication by.
 */
export const medicationNameKey = (name: string): string => name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
