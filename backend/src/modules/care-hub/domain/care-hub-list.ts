import { isSafeText, readPhone, CARE_HUB_MAX, CARE_HUB_TEXT } from '@carecircle/libs';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';

/**
 * What the three Care Hub lists (a family's emergency contacts, a recipient's doctors and family
 * support) have in common: entries kept in the stream's state after deletion, so the toast's Undo is
 * a second command (restore) that brings the same entry back; a limit on active entries; and the
 * reading of typed input into the values an event may carry.
 */
export interface Entry<Details> {
  details: Details;
  addedAt: string;
  deleted: boolean;
}

export type Entries<Details> = Readonly<Record<string, Entry<Details>>>;

export interface ListRules {
  limit: number;
  tooMany: string;
  notFound: string;
  /** Error code prefix, e.g. 'CARE_HUB.CONTACT'. */
  code: string;
}

export type ListChange = 'add' | 'update' | 'delete' | 'restore';

const activeCount = (entries: Entries<unknown>) => Object.values(entries).filter((entry) => !entry.deleted).length;

const sameDetails = (a: object, b: object) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => (b as Record<string, unknown>)[key] === value);

/**
 * Whether a change records an event, or the domain error it is:
 * - add: a new id within the limit; the same id again records nothing (a retried request);
 * - update: an active entry (unknown or deleted: not found); nothing when nothing changed;
 * - delete: an active entry (deleting twice: not found);
 * - restore: a known entry (unknown: not found); an active one records nothing (Undo pressed twice);
 *   a deleted one only within the limit.
 */
export function recordsChange<Details extends object>(entries: Entries<Details>, change: ListChange, id: string, rules: ListRules, details?: Details): boolean {
  const entry = entries[id] as Entry<Details> | undefined;
  const notFound = () => new DomainError(`${rules.code}_NOT_FOUND`, 'not_found', rules.notFound);
  const tooMany = () => new DomainError(`${rules.code}_LIMIT`, 'invalid', rules.tooMany);
  switch (change) {
    case 'add':
      if (entry) return false;
      if (activeCount(entries) >= rules.limit) throw tooMany();
      return true;
    case 'update':
      if (!entry || entry.deleted) throw notFound();
      return !sameDetails(entry.details, details ?? {});
    case 'delete':
      if (!entry || entry.deleted) throw notFound();
      return true;
    case 'restore':
      if (!entry) throw notFound();
      if (!entry.deleted) return false;
      if (activeCount(entries) >= rules.limit) throw tooMany();
      return true;
    default: {
      const unknown: never = change;
      return unknown;
    }
  }
}

export const invalid = invalidInput('CARE_HUB.INVALID');

/** Text a projection can store, within `max` once trimmed; blank is `null`. */
export function optionalText(field: string, value: unknown, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !isSafeText(value)) throw invalid(field, `${field} must be text without NUL characters`);
  const text = value.trim();
  if (text.length > max) throw invalid(field, CARE_HUB_TEXT.tooLong(max));
  return text === '' ? null : text;
}

export function requiredText(field: string, value: unknown, max: number, requiredMessage: string): string {
  const text = typeof value === 'string' ? optionalText(field, value, max) : null;
  if (text === null) throw invalid(field, requiredMessage);
  return text;
}

/**
 * A person's phone number as it is stored and dialled (E.164, an extension as `;ext=12`); blank is
 * `null`. A short service number (911), a partial number or a bad extension is refused with the reason.
 */
export function optionalPhone(field: string, value: unknown, max: number): string | null {
  const typed = optionalText(field, value, max);
  if (typed === null) return null;
  const reading = readPhone(typed);
  if (!reading.ok) throw invalid(field, reading.message);
  return reading.phone;
}

export function requiredPhone(field: string, value: unknown, max: number, requiredMessage: string): string {
  const phone = optionalPhone(field, value, max);
  if (phone === null) throw invalid(field, requiredMessage);
  return phone;
}

/** The form's shape of an address; the HTTP layer checks it fully (class-validator's isEmail). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** An email address of a contact, doctor or support person, trimmed; blank is `null`. */
export function optionalEmail(value: unknown): string | null {
  const email = optionalText('email', value, CARE_HUB_MAX.email);
  if (email !== null && !EMAIL.test(email)) throw invalid('email', CARE_HUB_TEXT.emailInvalid);
  return email;
}

/** One of `values`; absent is `fallback` (null: blank text is null too). */
export function oneOf<T extends string>(field: string, value: unknown, values: readonly T[], fallback: T | null, message: string): T | null {
  if (value === undefined || value === null || (fallback === null && value === '')) return fallback;
  if (!values.includes(value as T)) throw invalid(field, message);
  return value as T;
}

export function flag(field: string, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(field, `${field} must be true or false`);
  return value;
}
