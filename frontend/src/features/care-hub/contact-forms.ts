import { CARE_HUB_DEFAULTS, type ContactType, type Relationship } from '@carecircle/libs';
import type { ContactEntries, ContactInputs, ContactKind } from './api';
import { optionalPhone, optionalText } from './form-values';
import { displayPhone, storedPhone } from './phone';

/** What a quick-add button fills in (spec document 3, section 2). */
export interface ContactPreset {
  contactType: ContactType;
  relationship: Relationship | '';
}

/** The dialog's values: text as typed, choices, flags. */
export type ContactFormValues = Record<string, string | boolean | undefined>;

/** How a field is shown in the form and sent to the API. */
type FieldType = 'name' | 'text' | 'phone' | 'requiredPhone' | 'choice' | 'relationship' | 'flag';

interface KindForm {
  /** "Emergency Contact": the dialog says "Add Emergency Contact" or "Edit Emergency Contact". */
  title: string;
  /** The form's name: `add-{name}`, `edit-{name}-{id}`. */
  name: string;
  save: string;
  /** Each field the dialog sends, in the API's order. */
  fields: Record<string, FieldType>;
}

/** Per kind: the dialog's names and its fields. */
// prettier-ignore
export const CONTACT_FORMS: Record<ContactKind, KindForm> = {
  emergencyContact: { title: 'Emergency Contact', name: 'contact', save: 'Save Contact', fields: { name: 'name', phoneNumber: 'requiredPhone', relationship: 'relationship', contactType: 'choice', isPrimary: 'flag', notes: 'text', email: 'text' } },
  doctor: { title: 'Doctor', name: 'doctor', save: 'Save Doctor', fields: { name: 'name', specialty: 'choice', phoneNumber: 'phone', email: 'text', address: 'text', notes: 'text', isPrimary: 'flag' } },
  familySupport: { title: 'Support Resource', name: 'support', save: 'Save Resource', fields: { name: 'name', role: 'choice', organization: 'text', phoneNumber: 'phone', email: 'text', notes: 'text' } },
};

/** A new entry's choices: the dialog's defaults (spec document 3, sections 5 and 9). */
const DEFAULTS: Record<string, string> = CARE_HUB_DEFAULTS;

/** The fields a server error may name. */
export const formFields = (kind: ContactKind) => [...Object.keys(CONTACT_FORMS[kind].fields), ...(kind === 'emergencyContact' ? ['familyId'] : [])];

/** The form's first values: the entry's (phones as the viewer reads them), else a quick add's preset, else the defaults. */
export function initialValues(kind: ContactKind, entry: ContactEntries[ContactKind] | undefined, preset?: ContactPreset): ContactFormValues {
  const stored = (entry ?? {}) as Record<string, string | boolean | null | undefined>;
  const start = (field: string, type: FieldType) => {
    const value = stored[field];
    switch (type) {
      case 'phone':
      case 'requiredPhone':
        return typeof value === 'string' ? displayPhone(value) : '';
      case 'choice':
        return value ?? preset?.[field as keyof ContactPreset] ?? DEFAULTS[field];
      case 'relationship':
        return entry ? (value ?? '') : (preset?.relationship ?? '');
      case 'flag':
        return value ?? false;
      default:
        return value ?? '';
    }
  };
  return Object.fromEntries(Object.entries(CONTACT_FORMS[kind].fields).map(([field, type]) => [field, start(field, type)]));
}

/** The API's input from the form: text trimmed, blank optional text null, phones in their stored (E.164) form. */
export function toInput<K extends ContactKind>(kind: K, values: ContactFormValues): ContactInputs[K] {
  const send = (value: string | boolean | undefined, type: FieldType) => {
    const typed = typeof value === 'string' ? value : '';
    switch (type) {
      case 'name':
        return typed.trim();
      case 'requiredPhone':
        return storedPhone(typed) ?? typed.trim();
      case 'phone':
        return optionalPhone(typed);
      case 'relationship':
        return typed || null;
      case 'choice':
        return value;
      case 'flag':
        return value === true;
      default:
        return optionalText(typed);
    }
  };
  return Object.fromEntries(Object.entries(CONTACT_FORMS[kind].fields).map(([field, type]) => [field, send(values[field], type)])) as unknown as ContactInputs[K];
}
