/** Enumerations and defaults of the data schema (spec document 3, section 3). */

export const USER_ROLES = ['parent', 'secondary_caregiver', 'super_admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SUBSCRIPTION_PLANS = ['per_child', 'family_plan', 'free_tier'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const TASK_CATEGORIES = [
  'therapy_session', 'specialist_appointment', 'vaccination', 'medical_other',
  'school_event', 'parent_teacher_meeting', 'homework_support', 'iep_meeting', 'education_other',
  'meals_nutrition', 'sleep_rest', 'exercise_activity', 'hygiene_care', 'daily_other',
  'family_activity', 'playdate_social', 'support_service', 'social_other',
  'paperwork_forms', 'transportation_pickup', 'household_task', 'admin_other',
  'medication', 'catheterization', 'appointment', 'personal_care', 'prayer', 'other',
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

export const TASK_STATUSES = ['pending', 'completed', 'overdue', 'skipped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const CONTACT_TYPES = ['emergency', 'family', 'childcare', 'other'] as const;
export const SPECIALTIES = ['pediatrician', 'cardiologist', 'neurologist', 'therapist', 'dentist', 'ophthalmologist', 'other'] as const;
export const SUPPORT_ROLES = ['school_nurse', 'therapist', 'social_worker', 'caregiver', 'teacher', 'other'] as const;
export const GROUP_CATEGORIES = [
  'autism_support', 'puv_kidney_care', 'diabetes_children', 'epilepsy_neurology',
  'heart_cardiology', 'caregiver_mental_health', 'general_parenting',
] as const;

export const DEFAULT_TIMEZONE = 'America/Los_Angeles';
export const TIMEZONE_MAX_LENGTH = 50;
export const DEFAULT_PRAYER_CALCULATION_METHOD = 2;

/** Prayer calculation methods (spec document 1, section 9). */
export const PRAYER_METHODS = [
  { id: 1, name: 'Karachi' },
  { id: 2, name: 'North America' },
  { id: 3, name: 'Muslim World League' },
  { id: 4, name: 'Makkah (Umm Al-Qura)' },
  { id: 5, name: 'Egyptian' },
] as const;

/** Timezone choices on the profile tab (spec document 1, section 2). */
export const TIMEZONE_OPTIONS = [
  { value: 'America/Los_Angeles', label: 'Pacific Time (US & Canada)' },
  { value: 'America/Denver', label: 'Mountain Time (US & Canada)' },
  { value: 'America/Chicago', label: 'Central Time (US & Canada)' },
  { value: 'America/New_York', label: 'Eastern Time (US & Canada)' },
  { value: 'UTC', label: 'UTC' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Europe/Berlin', label: 'Berlin' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Asia/Shanghai', label: 'Shanghai' },
  { value: 'Asia/Kolkata', label: 'India' },
  { value: 'Australia/Sydney', label: 'Sydney' },
] as const;

/**
 * Zone names found valid, so that a hot path (every planned occurrence of a range) does not build an
 * Intl.DateTimeFormat per call. Bounded: zone names are matched case-insensitively, so a client
 * could send endless spellings of one zone.
 */
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 2000;

let zoneSpellings: Map<string, string> | null = null;

/**
 * The usual spelling of a zone name the runtime accepts in any case ('america/new_york' ->
 * 'America/New_York', 'utc' -> 'UTC'), so a stored zone matches the profile's choices and the
 * browser's; a name it does not list (an alias such as 'US/Pacific') is answered as given. Not ICU's
 * canonical form, which renames zones ('Asia/Kolkata' -> 'Asia/Calcutta').
 */
export function timeZoneSpelling(zone: string): string {
  zoneSpellings ??= new Map([...Intl.supportedValuesOf('timeZone'), ...TIMEZONE_OPTIONS.map((option) => option.value)].map((name) => [name.toLowerCase(), name]));
  return zoneSpellings.get(zone.toLowerCase()) ?? zone;
}

/** True for a zone name the runtime's IANA database knows. */
export function isIanaTimeZone(zone: string): boolean {
  if (!zone || zone.length > TIMEZONE_MAX_LENGTH) return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(zone);
  return true;
}

/**
 * Longest text each kind of field takes: the API refuses more with a 400 naming the field and its
 * limit, and the screens' inputs stop there (maxLength), so nothing typed is lost at save.
 */
export const TEXT_MAX = {
  /** Names of tasks, templates, medications, recipients; a dosage. */
  name: 200,
  /** Free text: descriptions, notes, medical notes, reasons. */
  text: 5000,
  /** A person's first or last name on their account. */
  personName: 100,
  /** Medication instructions; links. */
  instructions: 2000,
  url: 2000,
  phone: 50,
  email: 254,
} as const;
