/**
 * The quick-add form's choices (spec document 2, sections 3, 5 and 9): category groups and their
 * subcategories, time presets, category extras, and the text blocks that extras and appointment
 * fields become in a task's description. Pure and front-end neutral.
 */
import type { Priority, TaskCategory } from '../schema';
import type { AppointmentReminder, AppointmentType } from '../scheduling';

export interface CategoryGroup {
  key: string;
  label: string;
  categories: readonly TaskCategory[];
}

/** The form's six category groups, in the spec's order. */
export const TASK_CATEGORY_GROUPS: readonly CategoryGroup[] = [
  {
    key: 'health_medical',
    label: 'Health & Medical',
    categories: ['therapy_session', 'specialist_appointment', 'vaccination', 'medical_other'],
  },
  {
    key: 'school_education',
    label: 'School & Education',
    categories: ['school_event', 'parent_teacher_meeting', 'homework_support', 'iep_meeting', 'education_other'],
  },
  {
    key: 'daily_routines',
    label: 'Daily Routines & Care',
    categories: ['meals_nutrition', 'sleep_rest', 'exercise_activity', 'hygiene_care', 'daily_other'],
  },
  {
    key: 'family_social',
    label: 'Family & Social',
    categories: ['family_activity', 'playdate_social', 'support_service', 'social_other'],
  },
  {
    key: 'administrative',
    label: 'Administrative & Life Tasks',
    categories: ['paperwork_forms', 'transportation_pickup', 'household_task', 'admin_other'],
  },
  {
    key: 'quick_options',
    label: 'Quick Options',
    categories: ['medication', 'catheterization', 'appointment', 'personal_care', 'other'],
  },
];

/** Readable names of the task categories (spec document 2, section 3, form category groups). */
export const TASK_CATEGORY_LABELS: Record<TaskCategory, string> = {
  therapy_session: 'Therapy Session',
  specialist_appointment: 'Specialist Appointment',
  vaccination: 'Vaccination',
  medical_other: 'Medical (Other)',
  school_event: 'School Event',
  parent_teacher_meeting: 'Parent-Teacher Meeting',
  homework_support: 'Homework Support',
  iep_meeting: 'IEP Meeting',
  education_other: 'Education (Other)',
  meals_nutrition: 'Meals & Nutrition',
  sleep_rest: 'Sleep & Rest',
  exercise_activity: 'Exercise & Activity',
  hygiene_care: 'Hygiene Care',
  daily_other: 'Daily Routine (Other)',
  family_activity: 'Family Activity',
  playdate_social: 'Playdate & Social',
  support_service: 'Support Service',
  social_other: 'Social (Other)',
  paperwork_forms: 'Paperwork & Forms',
  transportation_pickup: 'Transportation & Pickup',
  household_task: 'Household Task',
  admin_other: 'Admin (Other)',
  medication: 'Medication',
  catheterization: 'Catheterization',
  appointment: 'Appointment',
  personal_care: 'Personal Care',
  prayer: 'Prayer',
  other: 'Other',
};

/** The group a category belongs to (undefined for categories no group offers, e.g. prayer). */
export function categoryGroupOf(category: string): CategoryGroup | undefined {
  return TASK_CATEGORY_GROUPS.find((group) => (group.categories as readonly string[]).includes(category));
}

const ACRONYMS: Record<string, string> = { iep: 'IEP' };

/** 'therapy_session' -> 'Therapy Session', 'iep_meeting' -> 'IEP Meeting'. */
export function humanizeOption(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => ACRONYMS[word] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Default new task time (spec section 9). */
export const DEFAULT_TASK_TIME = '09:00';

/** Times a category suggests when chosen (spec section 9). */
export const CATEGORY_TIME_PRESETS: Partial<Record<TaskCategory, readonly string[]>> = {
  catheterization: ['06:00', '09:00', '12:00', '15:00', '18:00', '21:00'],
  medication: ['08:00', '14:00', '20:00'],
  therapy_session: ['10:00'],
  meals_nutrition: ['07:00', '12:00', '18:00'],
};

/** The time picker's quick presets and minute choices. */
export const TIME_PICKER_PRESETS = ['06:00', '08:00', '12:00', '18:00', '20:00'] as const;
export const TIME_PICKER_MINUTES = [0, 15, 30, 45] as const;

/** Adds a time once, keeping the list sorted (template times: each once, in order). */
export function addTime(times: readonly string[], time: string): string[] {
  if (!time || times.includes(time)) return [...times];
  return [...times, time].sort();
}

/** HH:MM from a 12-hour clock: (9, 30, 'PM') -> '21:30'. */
export function to24Hour(hour12: number, minute: number, period: 'AM' | 'PM'): string {
  const hour = (hour12 % 12) + (period === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The 12-hour parts of HH:MM: '21:30' -> {hour: 9, minute: 30, period: 'PM'}. */
export function from24Hour(time: string): { hour: number; minute: number; period: 'AM' | 'PM' } {
  const [h, m] = time.split(':').map(Number);
  return { hour: h % 12 === 0 ? 12 : h % 12, minute: m, period: h < 12 ? 'AM' : 'PM' };
}

/** Repeat defaults (spec section 9): a daily task ends 30 days after its start, a template 365. */
export const REPEATING_TASK_DEFAULT_DAYS = 30;
export const REPEAT_PATTERNS = ['daily', 'weekly', 'custom'] as const;
export const DEFAULT_PRIORITY: Priority = 'medium';

/** 1 to 30; anything non-numeric becomes 1 (spec section 5). */
export function readRepeatInterval(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n)) return 1;
  return Math.min(30, Math.max(1, Math.trunc(n)));
}

/** Minutes, at least 0; anything non-numeric becomes 0 (travel and prep time). */
export function readMinutes(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.trunc(n);
}

// ---------------------------------------------------------------------------------------------
// Category extras: a few fields some categories add, written into the description.

export const SCHOOL_EVENT_TYPES = ['field_trip', 'assembly', 'performance', 'sports_event', 'other'] as const;
export const THERAPY_TYPES = ['speech', 'occupational', 'physical', 'behavioral'] as const;
export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;

export interface CategoryExtras {
  eventType?: string;
  location?: string;
  therapyType?: string;
  /** Minutes. */
  duration?: number | string;
  therapistName?: string;
  pickupLocation?: string;
  dropoffLocation?: string;
  mealType?: string;
  dietaryNeeds?: string;
  additionalInfo?: string;
}

export type CategoryExtrasKind = 'school_event' | 'therapy_session' | 'transportation_pickup' | 'meals_nutrition' | 'other';

/** Which extras a category shows: four categories have their own, every other one a free text. */
export function categoryExtrasKind(category: string): CategoryExtrasKind {
  switch (category) {
    case 'school_event':
    case 'therapy_session':
    case 'transportation_pickup':
    case 'meals_nutrition':
      return category;
    default:
      return 'other';
  }
}

const line = (label: string, value: unknown): string | null => {
  const text = value === undefined || value === null ? '' : String(value).trim();
  return text ? `${label}: ${text}` : null;
};

/** The extras of a category as description lines ('Event Type: Field Trip', ...); blank fields are left out. */
export function categoryExtrasLines(category: string, extras: CategoryExtras): string[] {
  const option = (value: string | undefined) => (value ? humanizeOption(value) : undefined);
  let lines: (string | null)[];
  switch (categoryExtrasKind(category)) {
    case 'school_event':
      lines = [line('Event Type', option(extras.eventType)), line('Location', extras.location)];
      break;
    case 'therapy_session': {
      const minutes = extras.duration === undefined || extras.duration === '' ? '' : readMinutes(extras.duration);
      lines = [
        line('Therapy Type', option(extras.therapyType)),
        line('Duration', minutes === '' || minutes === 0 ? '' : `${minutes} minutes`),
        line('Therapist', extras.therapistName),
      ];
      break;
    }
    case 'transportation_pickup':
      lines = [line('Pickup Location', extras.pickupLocation), line('Dropoff Location', extras.dropoffLocation)];
      break;
    case 'meals_nutrition':
      lines = [line('Meal Type', option(extras.mealType)), line('Dietary Needs', extras.dietaryNeeds)];
      break;
    case 'other':
      lines = [line('Additional Info', extras.additionalInfo)];
      break;
  }
  return lines.filter((l): l is string => l !== null);
}

/** The description a task is saved with: what the caregiver wrote, then the category extras. */
export function taskDescription(description: string | undefined, category: string, extras: CategoryExtras): string | null {
  const parts = [(description ?? '').trim(), categoryExtrasLines(category, extras).join('\n')].filter(Boolean);
  return parts.length > 0 ? parts.join('\n\n') : null;
}

// ---------------------------------------------------------------------------------------------
// Appointments: the description block holding type, location, attendees, reminders, travel and prep.

export const APPOINTMENT_REMINDER_LABELS: Record<AppointmentReminder, string> = {
  '24h': '24 hours before',
  '2h': '2 hours before',
  '30m': '30 minutes before',
  '10m': '10 minutes before',
};

/** Appointment defaults (spec section 9). */
export const APPOINTMENT_DEFAULT_START = '09:00';
export const APPOINTMENT_DEFAULT_END = '10:00';

export interface AppointmentDescriptionInput {
  notes?: string | null;
  type: AppointmentType | string;
  subtype?: string | null;
  location?: string | null;
  isTelemedicine?: boolean;
  videoLink?: string | null;
  attendees?: string | null;
  reminders?: readonly string[];
  travelTime?: number;
  prepTime?: number;
}

const APPOINTMENT_LINE_LABELS = ['Type', 'Location', 'Video Link', 'Attendees', 'Reminders', 'Travel Time', 'Prep Time'];

/** The appointment's description: the caregiver's notes, then one line per detail. */
export function appointmentDescription(input: AppointmentDescriptionInput): string {
  const type = humanizeOption(input.type) + (input.subtype ? ` - ${humanizeOption(input.subtype)}` : '');
  const lines = [
    line('Type', type),
    line('Location', input.isTelemedicine ? 'Telehealth visit' : input.location),
    input.isTelemedicine ? line('Video Link', input.videoLink) : null,
    line('Attendees', input.attendees),
    line('Reminders', (input.reminders ?? []).join(', ')),
    input.travelTime ? line('Travel Time', `${input.travelTime} minutes`) : null,
    input.prepTime ? line('Prep Time', `${input.prepTime} minutes`) : null,
  ].filter((l): l is string => l !== null);
  const notes = (input.notes ?? '').trim();
  return [notes, lines.join('\n')].filter(Boolean).join('\n\n');
}

/** The caregiver's own notes of an appointment description (the detail lines removed), for editing. */
export function appointmentNotes(description: string | null): string {
  if (!description) return '';
  return description
    .split('\n')
    .filter((text) => !APPOINTMENT_LINE_LABELS.some((label) => text.startsWith(`${label}: `)))
    .join('\n')
    .trim();
}
