import { formatPhone, normalizePhone, phoneCountryOf, readPhone } from '@carecircle/libs';

/**
 * The viewer's phone country, from the browser's language region (`en-GB` gives GB), US by default:
 * numbers are typed and shown in this country's format, others in international format.
 */
export const VIEWER_PHONE_COUNTRY = phoneCountryOf(typeof navigator === 'undefined' ? undefined : navigator.language);

/** A stored number as the viewer reads it, its extension included ("(415) 555-0134 ext. 12"). */
export const displayPhone = (stored: string) => formatPhone(stored, VIEWER_PHONE_COUNTRY);

/** A typed number in its stored form (E.164, an extension as `;ext=12`), or null when it is refused. */
export const storedPhone = (typed: string) => normalizePhone(typed, VIEWER_PHONE_COUNTRY);

/**
 * antd rule: a typed phone number must be a person's full number, with at most a short extension;
 * the message says which (the API answers the same). An empty field is left to `required`.
 */
export const PHONE_RULE = {
  validator: (_rule: unknown, value: string | undefined) => {
    if (!value?.trim()) return Promise.resolve();
    const reading = readPhone(value, VIEWER_PHONE_COUNTRY);
    return reading.ok ? Promise.resolve() : Promise.reject(new Error(reading.message));
  },
};
