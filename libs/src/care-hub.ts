/**
 * Care Hub contracts (spec document 3): emergency contacts of a family, and each care recipient's
 * doctors and family-support people. Both sides import these; the screens' texts live here too so
 * the API's messages and the dialogs say the same thing.
 */
import { isSupportedCountry, parseDigits, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
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

/** Longest extension kept (digits only): office and clinic switchboards use 2 to 5. */
export const PHONE_EXTENSION_MAX = 6;

export const PHONE_INVALID = 'Please enter a valid phone number.';

/** Why a typed number is refused; the API's 400 and the dialogs say the same. */
export const PHONE_TEXT = {
  invalid: PHONE_INVALID,
  /** 911, 112, 999, 000, 988, 311: numbers of services, not of a person (the hotlines list them). */
  shortCode: "Enter the person's full phone number; emergency numbers like 911 are listed under Critical Numbers.",
  extension: `An extension is 1 to ${PHONE_EXTENSION_MAX} digits, as in "(415) 555-0134 ext. 12".`,
} as const;

/**
 * A typed number: the number itself (digits, spaces, `+ ( ) . -` and dashes), then optionally an
 * extension after one of the marks people write: `ext`, `ext.`, `extn`, `extension`, `x`, `#`, `,`,
 * or the stored form's `;ext=`. Whatever follows the mark is the extension, checked on its own.
 */
const TYPED_PHONE = /^(.*?)\s*(?:(?:;\s*ext\s*=|ext(?:ension|n)?\.?|x|#|,)\s*(.*))?$/isu;
const NUMBER_CHARS = /^[+\p{Nd}\s().\-\u2010-\u2015]+$/u;
const ANY_DIGIT = /\p{Nd}/gu;
/** Service numbers are 3 digits (911, 112, 999, 000, 988, 311), 4 with a country code typed before them (+1 911). */
const SHORT_CODE_DIGITS = /^\d{3,4}$/;
/** Legacy stored values: short service numbers were once kept as typed for people too. */
const SHORT_NUMBER = /^\d{3,6}$/;

/** Digits in ASCII; `null` when one is of a script libphonenumber does not read (it would drop it silently). */
function asciiDigits(text: string): string | null {
  const digits = parseDigits(text);
  return digits.length === (text.match(ANY_DIGIT) ?? []).length ? digits : null;
}

/** A typed number read: its stored form, or why it is refused. */
export type PhoneReading = { ok: true; phone: string } | { ok: false; message: string };

/**
 * A person's phone number as typed, read into the form it is stored in: E.164, with an extension
 * after the RFC 3966 mark (`+14155550134;ext=12`), or refused with the reason. A number without a
 * country code is read as one of `country`. Digits of other scripts that libphonenumber reads
 * (fullwidth, Arabic-Indic) count as digits. Refused: anything but a valid full number (letters,
 * partial numbers, 911 and other short service numbers), and an extension that is not 1 to
 * PHONE_EXTENSION_MAX digits (a mark with nothing after it too: it is not dropped silently).
 */
export function readPhone(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): PhoneReading {
  const refuse = (message: string): PhoneReading => ({ ok: false, message });
  const [, typedNumber = '', typedExtension] = TYPED_PHONE.exec(input.trim()) ?? [];
  const digits = NUMBER_CHARS.test(typedNumber) ? asciiDigits(typedNumber) : null;
  if (digits === null) return refuse(PHONE_TEXT.invalid);
  const parsed = parsePhoneNumberFromString(typedNumber, country);
  if (!parsed?.isValid() || parsed.ext) return refuse(SHORT_CODE_DIGITS.test(digits) ? PHONE_TEXT.shortCode : PHONE_TEXT.invalid);
  if (typedExtension === undefined) return { ok: true, phone: parsed.number };
  const extension = /^\p{Nd}+$/u.test(typedExtension) ? asciiDigits(typedExtension) : null;
  if (extension === null || extension.length > PHONE_EXTENSION_MAX) return refuse(PHONE_TEXT.extension);
  return { ok: true, phone: `${parsed.number};ext=${extension}` };
}

/** A typed number in its stored form (see readPhone), or `null` when it is refused. */
export function normalizePhone(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const reading = readPhone(input, country);
  return reading.ok ? reading.phone : null;
}

const withExt = (formatted: string, extension: string) => `${formatted} ext. ${extension}`;

/**
 * A stored number as the viewer reads it: national format when it is a number of the viewer's
 * country (`(202) 555-0143`), international otherwise (`+44 20 7946 0958`); an extension as
 * `ext. 12` in both (`(415) 555-0134 ext. 12`).
 */
export function formatPhone(stored: string, viewerCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  if (SHORT_NUMBER.test(stored)) return stored;
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed) return stored;
  const options = { formatExtension: withExt };
  return parsed.country === viewerCountry ? parsed.formatNational(options) : parsed.formatInternational(options);
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

/**
 * The `tel:` link of a stored number (or a hotline's digits). An extension is dialled after a pause
 * (`tel:+14155550134,12`), not as RFC 3966's `;ext=12`: Android's dialer reads the letters of
 * `ext=` as keypad digits (it would send the tones 39612), and iOS only offers a plain-text
 * `Dial "ext=..."` after the call connects, while both dial a comma as a pause and then the digits.
 */
export const telHref = (stored: string) => `tel:${stored.replace(/;ext=/, ',')}`;

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
  /** E.164, with an extension as `;ext=12` (`+14155550134;ext=12`; see readPhone). */
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
  chooseFamily: "Choose which family's emergency contacts this contact belongs to.",
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
