import { DEFAULT_TIMEZONE, TIMEZONE_OPTIONS, type User } from '@carecircle/libs';

/** What the Profile tab's form holds: the names as typed, the zone as chosen. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  timezone: string;
}

export const PROFILE_FIELDS = ['firstName', 'lastName', 'timezone'] as const;

/** The stored profile, as the form shows it. */
export const profileValuesOf = (user: User): ProfileValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  timezone: user.timezone || DEFAULT_TIMEZONE,
});

/** What a save would send: names as the server stores them (trimmed), and whether each call is needed. */
export function profileChanges(stored: ProfileValues, draft: ProfileValues) {
  const names = { firstName: draft.firstName.trim(), lastName: draft.lastName.trim() };
  return {
    names,
    namesChanged: names.firstName !== stored.firstName || names.lastName !== stored.lastName,
    zoneChanged: draft.timezone !== stored.timezone,
  };
}

/**
 * The spec's zone choices (libs TIMEZONE_OPTIONS), with the stored zone first when it is not one of
 * them (set by the timezone sync from a browser elsewhere): shown as it is, never changed unasked.
 */
export function timezoneChoices(stored: string): { value: string; label: string }[] {
  const known = TIMEZONE_OPTIONS.some((option) => option.value === stored);
  return [...(known ? [] : [{ value: stored, label: stored.replace(/_/g, ' ') }]), ...TIMEZONE_OPTIONS];
}

/** The zone's name as the Timezone field shows it. */
export const timezoneLabel = (zone: string) => TIMEZONE_OPTIONS.find((option) => option.value === zone)?.label ?? zone.replace(/_/g, ' ');
