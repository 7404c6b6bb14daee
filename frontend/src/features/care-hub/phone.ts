import { formatPhone, normalizePhone, PHONE_INVALID, phoneCountryOf } from '@carecircle/libs';

/**
 * The viewer's phone country, from the browser's language region (`en-GB` gives GB), US by default:
 * numbers are typed and shown in this country's format, others in international format.
 */
export const VIEWER_PHONE_COUNTRY = phoneCountryOf(typeof navigator === 'undefined' ? undefined : navigator.language);

/** A stored number as the viewer reads it. */
export const displayPhone = (stored: string) => formatPhone(stored, VIEWER_PHONE_COUNTRY);

/** A typed number in its stored (E.164) form, or null when it is not a valid number. */
export const storedPhone = (typed: string) => normalizePhone(typed, VIEWER_PHONE_COUNTRY);

/** antd rule: a typed phone number must be a valid one (an empty field is left to `required`). */
export const PHONE_RULE = {
  validator: (_rule: unknown, value: string | undefined) =>
    !value?.trim() || storedPhone(value) ? Promise.resolve() : Promise.reject(new Error(PHONE_INVALID)),
};
