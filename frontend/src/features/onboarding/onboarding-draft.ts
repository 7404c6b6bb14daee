import { normalizePhone, type EmergencyContactInput, type RepeatingTaskInput, type TaskCategory, type TaskTemplateInput } from '@carecircle/libs';

/**
 * The onboarding wizard's draft and its rules (spec document 2, sections 2, 3, 5 and 9): six steps,
 * what each step holds, what Next needs, and what Complete Setup sends, in the spec's order.
 */
export const ONBOARDING_STEPS = [
  'Care Recipient Setup',
  'Add Secondary Caregiver (Optional)',
  'Medication Setup',
  'Daily Tasks Setup',
  'Emergency Contacts',
  'Welcome',
] as const;

export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
] as const;
export type Gender = (typeof GENDERS)[number]['value'];

export const CAREGIVER_RELATIONSHIPS = [
  { value: 'spouse', label: 'Spouse' },
  { value: 'grandparent', label: 'Grandparent' },
  { value: 'sibling', label: 'Sibling' },
  { value: 'babysitter', label: 'Babysitter' },
  { value: 'nurse', label: 'Nurse' },
  { value: 'other', label: 'Other' },
] as const;

/** Contact relationships of step 5; the label is what the contact list shows. */
export const CONTACT_RELATIONSHIPS = [
  { value: 'family', label: 'Family' },
  { value: 'doctor', label: 'Doctor' },
  { value: 'nurse', label: 'Nurse' },
  { value: 'therapist', label: 'Therapist' },
  { value: 'caregiver', label: 'Caregiver' },
  { value: 'neighbor', label: 'Neighbor' },
  { value: 'other', label: 'Other' },
] as const;
export type ContactRelationship = (typeof CONTACT_RELATIONSHIPS)[number]['value'];

/** Medication time presets (spec section 9). */
export const MEDICATION_TIME_PRESETS = [
  { label: 'Morning', time: '08:00' },
  { label: 'Noon', time: '12:00' },
  { label: 'Evening', time: '18:00' },
  { label: 'Bedtime', time: '21:00' },
] as const;

export const REPEAT_OPTIONS = [
  { value: 'everyday', label: 'Every day', days: [0, 1, 2, 3, 4, 5, 6] },
  { value: 'weekdays', label: 'Weekdays', days: [1, 2, 3, 4, 5] },
  { value: 'weekends', label: 'Weekends', days: [0, 6] },
  { value: 'custom', label: 'Custom days', days: [] },
] as const;
export type Repeat = (typeof REPEAT_OPTIONS)[number]['value'];

/** Daily-task categories offered in onboarding (spec section 9), plus catheterization for its suggestion. */
export const DAILY_TASK_CATEGORIES: { value: TaskCategory; label: string }[] = [
  { value: 'medical_other', label: 'Medical' },
  { value: 'therapy_session', label: 'Therapy Session' },
  { value: 'meals_nutrition', label: 'Meals & Nutrition' },
  { value: 'daily_other', label: 'Daily Routine' },
  { value: 'exercise_activity', label: 'Exercise & Activity' },
  { value: 'education_other', label: 'Education' },
  { value: 'hygiene_care', label: 'Hygiene Care' },
  { value: 'other', label: 'Other' },
  { value: 'catheterization', label: 'Catheterization' },
];

/** Suggested common tasks of step 4, with the spec's time presets where it gives them. */
export const SUGGESTED_TASKS: Omit<DailyTaskDraft, 'key'>[] = [
  { name: 'Catheterization', category: 'catheterization', times: ['06:00', '09:00', '12:00', '15:00', '18:00', '21:00'], isUrgent: true },
  { name: 'Therapy Session', category: 'therapy_session', times: ['10:00'], isUrgent: false },
  { name: 'Meal/Nutrition', category: 'meals_nutrition', times: ['07:00', '12:00', '18:00'], isUrgent: false },
  { name: 'Sleep Schedule', category: 'daily_other', times: ['20:00'], isUrgent: false },
];

export const DEFAULT_TASK_TIME = '09:00';

export interface ChildDraft {
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd or ''. */
  dateOfBirth: string;
  gender: Gender | '';
  condition: string;
}

export interface CaregiverDraft {
  name: string;
  relationship: string;
  phone: string;
  email: string;
  canEdit: boolean;
}

export interface MedicationDraft {
  key: string;
  name: string;
  dose: string;
  times: string[];
  repeat: Repeat;
  /** 0 = Sunday .. 6 = Saturday; used when repeat is custom. */
  customDays: number[];
  startDate: string;
  endDate: string;
}

export interface DailyTaskDraft {
  key: string;
  name: string;
  category: TaskCategory;
  times: string[];
  isUrgent: boolean;
}

export interface ContactDraft {
  key: string;
  name: string;
  phone: string;
  relationship: ContactRelationship;
  isPrimary: boolean;
  /** The two prefilled contacts: shown, never removed, never sent. */
  fixed?: boolean;
}

export interface OnboardingDraft {
  child: ChildDraft;
  secondaryCaregiver: CaregiverDraft;
  medications: MedicationDraft[];
  dailyTasks: DailyTaskDraft[];
  emergencyContacts: ContactDraft[];
}

/** The two prefilled contacts (spec: emergency services (911) and poison control). */
export const PREFILLED_CONTACTS: ContactDraft[] = [
  { key: 'prefilled-911', name: '911', phone: '911', relationship: 'other', isPrimary: false, fixed: true },
  { key: 'prefilled-poison', name: 'Poison Control', phone: '1-800-222-1222', relationship: 'other', isPrimary: false, fixed: true },
];

export const emptyDraft = (): OnboardingDraft => ({
  child: { firstName: '', lastName: '', dateOfBirth: '', gender: '', condition: '' },
  secondaryCaregiver: { name: '', relationship: '', phone: '', email: '', canEdit: false },
  medications: [],
  dailyTasks: [],
  emergencyContacts: PREFILLED_CONTACTS.map((contact) => ({ ...contact })),
});

let nextKey = 0;
export const draftKey = (prefix: string) => `${prefix}-${++nextKey}`;

/** Step 1's Next needs first name, last name and date of birth. */
export const childComplete = (child: ChildDraft) => child.firstName.trim() !== '' && child.lastName.trim() !== '' && child.dateOfBirth !== '';

/** Step 5's Next needs more than the two prefilled contacts. */
export const contactsComplete = (contacts: ContactDraft[]) => contacts.length > PREFILLED_CONTACTS.length;

export const ONBOARDING_MESSAGES = {
  medicationName: { title: 'Medication Name Required', description: 'Please enter a medication name.' },
  medicationTime: { title: 'Time Required', description: 'Please select at least one time for this medication.' },
  medicationEndDate: { title: 'Check the dates', description: 'The end date cannot be before the start date.' },
  customDays: { title: 'Choose a day', description: 'Select at least one day.' },
  taskName: { title: 'Task Name Required', description: 'Please enter a task name.' },
  contact: { title: 'Contact Information Required', description: 'Please enter both name and phone number.' },
  contactsWarning: 'Please add at least one family emergency contact to continue.',
  saveFailed: 'Failed to save care recipient data. Please try again.',
} as const;

/** Medication times in order, each once. */
export const sortedTimes = (times: string[]) => [...new Set(times)].sort();

/** The days a medication repeats on. */
export function medicationDays(medication: Pick<MedicationDraft, 'repeat' | 'customDays'>): number[] {
  if (medication.repeat === 'custom') return [...medication.customDays].sort();
  return [...REPEAT_OPTIONS.find((option) => option.value === medication.repeat)!.days];
}

/** Onboarding contacts are sent only with a name and phone, and never the two hotlines (spec section 5). */
export function contactsToSend(contacts: ContactDraft[]): ContactDraft[] {
  return contacts.filter((contact) => {
    const name = contact.name.trim();
    return !contact.fixed && name !== '' && contact.phone.trim() !== '' && name !== '911' && name !== 'Poison Control';
  });
}

/** One call of Complete Setup. Its key is also its Idempotency-Key: a retry can never create it twice. */
export type SubmitCall =
  | { kind: 'recipient'; key: string; label: string }
  | { kind: 'medication'; key: string; label: string; input: TaskTemplateInput }
  | { kind: 'task'; key: string; label: string; input: Omit<RepeatingTaskInput, 'childId'> }
  | { kind: 'invitation'; key: string; label: string; input: { inviteeEmail: string; inviteeName?: string; canEdit: boolean } }
  | { kind: 'contact'; key: string; label: string; input: EmergencyContactInput };

/** The recipient as POST /api/children takes it; onboarding keeps gender in the notes ('Gender: ...'). */
export function recipientInput(child: ChildDraft) {
  const gender = GENDERS.find((option) => option.value === child.gender);
  return {
    firstName: child.firstName.trim(),
    lastName: child.lastName.trim(),
    dateOfBirth: child.dateOfBirth || null,
    medicalConditions: child.condition.trim() || null,
    notes: gender ? `Gender: ${gender.label}` : null,
  };
}

/**
 * Everything Complete Setup sends, in the spec's order: the recipient, one template per medication
 * (with its dose: the server finds or adds the recipient's medication of that name and links it),
 * one repeating task per daily task, the invitation when an email was given, then the contacts.
 */
export function submitPlan(draft: OnboardingDraft, today: string): SubmitCall[] {
  const calls: SubmitCall[] = [{ kind: 'recipient', key: draftKey('recipient'), label: `${draft.child.firstName.trim()} ${draft.child.lastName.trim()}` }];
  for (const medication of draft.medications) {
    const dose = medication.dose.trim();
    calls.push({
      kind: 'medication',
      key: draftKey('medication'),
      label: dose ? `${medication.name.trim()} ${dose}` : medication.name.trim(),
      input: {
        name: medication.name.trim(),
        category: 'medication',
        description: dose ? `Dose: ${dose}` : null,
        // The server links the schedule to the recipient's medication of this name, made with this dose when missing.
        dosage: dose || null,
        isUrgent: true,
        priority: 'high',
        isRepeating: true,
        repeatPattern: medication.repeat === 'everyday' ? 'daily' : 'custom',
        repeatStartDate: medication.startDate || today,
        repeatEndDate: medication.endDate || null,
        daysOfWeek: medicationDays(medication),
        scheduledTimes: sortedTimes(medication.times),
      },
    });
  }
  for (const task of draft.dailyTasks) {
    calls.push({
      kind: 'task',
      key: draftKey('task'),
      label: task.name.trim(),
      input: {
        name: task.name.trim(),
        category: task.category,
        isUrgent: task.isUrgent,
        priority: task.isUrgent ? 'high' : 'medium',
        isRepeating: true,
        repeatPattern: 'daily',
        repeatStartDate: today,
        repeatEndDate: null,
        daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
        scheduledTimes: sortedTimes(task.times.length > 0 ? task.times : [DEFAULT_TASK_TIME]),
      },
    });
  }
  const caregiver = draft.secondaryCaregiver;
  if (caregiver.email.trim() !== '') {
    calls.push({
      kind: 'invitation',
      key: draftKey('invitation'),
      label: `Invitation to ${caregiver.name.trim() || caregiver.email.trim()}`,
      input: { inviteeEmail: caregiver.email.trim(), ...(caregiver.name.trim() && { inviteeName: caregiver.name.trim() }), canEdit: caregiver.canEdit },
    });
  }
  for (const contact of contactsToSend(draft.emergencyContacts)) {
    const label = CONTACT_RELATIONSHIPS.find((option) => option.value === contact.relationship)?.label ?? null;
    calls.push({
      kind: 'contact',
      key: draftKey('contact'),
      label: contact.name.trim(),
      input: {
        name: contact.name.trim(),
        phoneNumber: normalizePhone(contact.phone) ?? contact.phone.trim(),
        relationship: label,
        contactType: contact.relationship === 'family' ? 'family' : contact.relationship === 'caregiver' ? 'childcare' : 'other',
        isPrimary: contact.isPrimary,
      },
    });
  }
  return calls;
}
