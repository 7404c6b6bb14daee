/**
 * Care Hub contracts (spec document 3): emergency contacts of a family, and each care recipient's
 * doctors and family-support people. Both sides import these; the screens' texts live here too so
 * the API's messages and the dialogs say the same thing.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { CONTACT_TYPES, SPECIALTIES, SUPPORT_ROLES } from './schema';

export type ContactType = (typeof CONTACT_TYPES)[number];
export type Specialty = (typeof SPECIALTIES)[number];
export type SupportRole = (typeof SUPPORT_ROLES)[number];

export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  family: 'Family',
  emergency: 'Emergency',
  childcare: 'Childcare',
  other: 'Other',
};

export const SPECIALTY_LABELS: Record<Specialty, string> = {
  pediatrician: 'Pediatrician',
  cardiologist: 'Cardiologist',
  neurologist: 'Neurologist',
  therapist: 'Therapist',
  dentist: 'Dentist',
  ophthalmologist: 'Ophthalmologist',
  other: 'Other',
};

export const SUPPORT_ROLE_LABELS: Record<SupportRole, string> = {
  school_nurse: 'School Nurse',
  therapist: 'Therapist',
  social_worker: 'Social Worker',
  caregiver: 'Caregiver',
  teacher: 'Teacher',
  other: 'Other',
};

/** Relationship choices of the contact dialog, in the spec's five groups (document 3, section 9). */
export const RELATIONSHIP_GROUPS = [
  { label: 'Immediate Family', options: ['Mother', 'Father', 'Parent/Guardian', 'Step-Mother', 'Step-Father'] },
  { label: 'Extended Family', options: ['Brother', 'Sister', 'Grandmother', 'Grandfather', 'Aunt', 'Uncle', 'Cousin'] },
  { label: 'Caregivers & Household', options: ['Babysitter', 'Nanny', 'Caregiver', 'Family Friend'] },
  { label: 'School & Care Support', options: ['Teacher', 'School Nurse', 'Daycare Provider', 'Coach'] },
  { label: 'Medical / Other', options: ['Doctor', 'Therapist', 'Social Worker', 'Emergency Service', 'Other'] },
] as const;
/** The onboarding wizard's contact relationships (spec document 2) that the dialog's list lacks. */
export const ONBOARDING_ONLY_RELATIONSHIPS = ['Family', 'Nurse', 'Neighbor'] as const;
export type Relationship = (typeof RELATIONSHIP_GROUPS)[number]['options'][number] | (typeof ONBOARDING_ONLY_RELATIONSHIPS)[number];
/** Every relationship a contact may have: the dialog's groups, then the onboarding wizard's extra ones. */
export const RELATIONSHIPS: readonly Relationship[] = [...RELATIONSHIP_GROUPS.flatMap((group) => group.options), ...ONBOARDING_ONLY_RELATIONSHIPS];

/** The Critical Numbers list of the Emergency Contacts screen; `dial` is what the Call link dials. */
export const CRITICAL_NUMBERS = [
  { name: '911', display: '911', dial: '911', description: 'Police, fire, medical' },
  { name: 'Poison Control', display: '1-800-222-1222', dial: '+18002221222', description: 'Poisoning emergencies and questions' },
  { name: 'Crisis Lifeline', display: '988', dial: '988', description: '24/7 mental health and suicide prevention' },
  { name: 'Child Abuse Hotline', display: '1-800-540-4000', dial: '+18005404000', description: 'California' },
  { name: 'Domestic Violence Hotline', display: '1-800-799-7233', dial: '+18007997233', description: 'National hotline' },
  { name: 'Missing Children', display: '1-800-843-5678', dial: '+18008435678', description: 'National center' },
] as const;

/** Longest value of each Care Hub field; the API refuses more (400) and the inputs stop there. */
export const CARE_HUB_MAX = {
  name: 200,
  phone: 50,
  email: 254,
  organization: 200,
  address: 500,
  notes: 1000,
} as const;

/** How many entries one family (contacts) or one recipient (doctors, support) may keep. */
export const CARE_HUB_LIMITS = { emergencyContacts: 100, doctors: 100, familySupport: 100 } as const;

/** A number with no country code is read as one of this country (the hotlines above are US numbers). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

export const PHONE_INVALID = 'Please enter a valid phone number.';

/** Short service numbers (911, 112, 988, 111) are kept as typed: they have no international form. */
const SHORT_NUMBER = /^\d{3,6}$/;

/**
 * A typed phone number in the form it is stored and dialled: E.164 (`+12025550143`), or a short
 * service number as its digits. `null` when it is not a valid number. A number without a country
 * code is read as one of `country`.
 */
export function normalizePhone(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const typed = input.trim();
  if (SHORT_NUMBER.test(typed)) return typed;
  const parsed = parsePhoneNumberFromString(typed, country);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A stored number as the viewer reads it: national format when it is a number of the viewer's
 * country (`(202) 555-0143`), international otherwise (`+44 20 7946 0958`).
 */
export function formatPhone(stored: string, viewerCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  if (SHORT_NUMBER.test(stored)) return stored;
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed) return stored;
  return parsed.country === viewerCountry ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * The country whose numbers a viewer types and reads without a country code: the region of their
 * language tag (`en-GB` gives GB, `es-MX` MX), else DEFAULT_PHONE_COUNTRY (`en` alone, an unknown region).
 */
export function phoneCountryOf(languageTag: string | undefined): CountryCode {
  let region: string | undefined;
  try {
    region = languageTag ? new Intl.Locale(languageTag).region : undefined;
  } catch {
    region = undefined;
  }
  return region && isSupportedCountry(region) ? region : DEFAULT_PHONE_COUNTRY;
}

/** The `tel:` link of a stored number. */
export const telHref = (stored: string) => `tel:${stored}`;

export interface EmergencyContactInput {
  name: string;
  phoneNumber: string;
  relationship?: Relationship | null;
  contactType?: ContactType;
  isPrimary?: boolean;
  notes?: string | null;
  /** Where urgent escalations email this contact; blank or null for none. */
  email?: string | null;
  /** Which family's list (the owner's user id); default: the user's own family (see `CareHubFamily`). */
  familyId?: string;
}

export interface EmergencyContact {
  id: string;
  /** The family the contact belongs to: the user id of its primary caregiver. */
  familyId: string;
  name: string;
  /** E.164, or a short service number. */
  phoneNumber: string;
  relationship: Relationship | null;
  contactType: ContactType;
  isPrimary: boolean;
  notes: string | null;
  /** Where urgent escalations email this contact (docs/care-hub.md); null when none was given. */
  email: string | null;
  /** Whether the current user may change it. */
  canEdit: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A family whose emergency contacts the user sees: their own, and those of primaries who share a recipient with them. */
export interface CareHubFamily {
  familyId: string;
  /** The primary caregiver's full name. */
  name: string;
  isOwn: boolean;
  canEdit: boolean;
}

export interface DoctorInput {
  name: string;
  /** Default pediatrician. */
  specialty?: Specialty;
  phoneNumber?: string | null;
  email?: string | null;
  address?: string | null;
  notes?: string | null;
  isPrimary?: boolean;
  childId?: string;
}

export interface Doctor {
  id: string;
  childId: string;
  name: string;
  specialty: Specialty;
  phoneNumber: string | null;
  email: string | null;
  address: string | null;
  notes: string | null;
  isPrimary: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface FamilySupportInput {
  name: string;
  /** Default school_nurse. */
  role?: SupportRole;
  organization?: string | null;
  phoneNumber?: string | null;
  email?: string | null;
  notes?: string | null;
  childId?: string;
}

export interface FamilySupportResource {
  id: string;
  childId: string;
  name: string;
  role: SupportRole;
  organization: string | null;
  phoneNumber: string | null;
  email: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The spec's texts (document 3, sections 2 and 8). */
export const CARE_HUB_TEXT = {
  disclaimerStorageKey: 'care-hub-disclaimer-seen',
  contactRequiredName: 'Name is required',
  contactRequiredPhone: 'Phone number is required',
  doctorRequiredName: 'Doctor name is required',
  supportRequiredName: 'Name is required',
  notFound: {
    contact: 'Emergency contact not found',
    doctor: 'Doctor not found',
    support: 'Support resource not found',
  },
  tooMany: {
    contact: `A family can keep up to ${CARE_HUB_LIMITS.emergencyContacts} emergency contacts.`,
    doctor: `A care recipient can have up to ${CARE_HUB_LIMITS.doctors} doctors.`,
    support: `A care recipient can have up to ${CARE_HUB_LIMITS.familySupport} support resources.`,
  },
  noContactEditing: 'No contact being edited',
  /** The API's other answers (400 naming the field, 403, 404). */
  phoneInvalid: PHONE_INVALID,
  emailInvalid: 'Please enter a valid email address.',
  unknown: {
    relationship: 'Please choose a relationship from the list.',
    contactType: 'Contact type must be one of: emergency, family, childcare, other.',
    specialty: 'Specialty must be one of: pediatrician, cardiologist, neurologist, therapist, dentist, ophthalmologist, other.',
    role: 'Role must be one of: school_nurse, therapist, social_worker, caregiver, teacher, other.',
  },
  tooLong: (max: number) => `Please keep this to ${max} characters or fewer.`,
  familyNotFound: 'Family not found',
  childMismatch: 'The care recipient in the body must be the one this entry belongs to.',
  viewOnly: {
    family: "You can view this family's emergency contacts but not change them",
    recipient: 'You can view this care recipient but not change it',
  },
} as const;

/** Defaults of the three dialogs (spec document 3, sections 5 and 9). */
export const CARE_HUB_DEFAULTS = { contactType: 'family', specialty: 'pediatrician', role: 'school_nurse' } as const satisfies {
  contactType: ContactType;
  specialty: Specialty;
  role: SupportRole;
};
