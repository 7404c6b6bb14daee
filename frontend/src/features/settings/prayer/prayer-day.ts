/**
 * Prayer times as the Profile tab's widget and the Prayer Times sheet show them (spec document 2,
 * "Prayer Times sheet", "Prayer widget", section 9). Pure: the clock and the location come in.
 */

/** The sheet's and the widget's refresh: every 60 s. */
export const PRAYER_REFRESH_MS = 60_000;

/** Where the times are computed when the device gives no location (spec document 2, section 9). */
export const DEFAULT_PRAYER_LOCATION = { latitude: 40.7128, longitude: -74.006 } as const;

export const LOCATION_UNAVAILABLE = 'Unable to get location. Using default location.';
export const GEOLOCATION_UNSUPPORTED = 'Geolocation not supported. Using default location.';

export type PrayerName = 'Fajr' | 'Sunrise' | 'Dhuhr' | 'Asr' | 'Maghrib' | 'Isha';

/** GET /api/prayer-times/coordinates, as the server answers it. */
export interface PrayerTimesAnswer {
  success: boolean;
  data: {
    formatted: { name: PrayerName; timeFormatted: string; isNext: boolean; isPassed: boolean }[];
    nextPrayer: { name: PrayerName; time: string; minutesUntil: number };
    date: { readable: string };
    location: { city: string | null; country: string | null; latitude: number; longitude: number };
  };
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Minutes after midnight of a time the server formats ('5:07 AM', '12:30 PM'); NaN for anything else. */
export function minutesOfClock(text: string): number {
  const match = /^(\d{1,2}):(\d{2})\s*([AP]M)$/i.exec(text.trim());
  if (!match) return Number.NaN;
  const hour = Number(match[1]) % 12;
  return (match[3].toUpperCase() === 'PM' ? hour + 12 : hour) * 60 + Number(match[2]);
}

/** Minutes after midnight at `now` on the clock of `zone`. */
export function minutesNowIn(zone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (part('hour') % 24) * 60 + part('minute');
}

export interface FivePrayer {
  name: PrayerName;
  timeFormatted: string;
}

/** The five prayers of the day (Sunrise is a time, not a prayer), in the day's order. */
export const fivePrayers = (formatted: PrayerTimesAnswer['data']['formatted']): FivePrayer[] =>
  formatted.filter((prayer) => prayer.name !== 'Sunrise').map(({ name, timeFormatted }) => ({ name, timeFormatted }));

/**
 * The widget's current and next prayer at `nowMinutes`: the current is the last one begun, the next
 * the first one to come. Before the day's first prayer the current is (last night's) Isha and the
 * next Fajr; after Isha the next wraps to Fajr.
 */
export function currentAndNext(prayers: FivePrayer[], nowMinutes: number): { current: FivePrayer; next: FivePrayer } | null {
  if (prayers.length === 0) return null;
  const begun = prayers.filter((prayer) => minutesOfClock(prayer.timeFormatted) <= nowMinutes);
  const toCome = prayers.find((prayer) => minutesOfClock(prayer.timeFormatted) > nowMinutes);
  return {
    current: begun[begun.length - 1] ?? prayers[prayers.length - 1],
    next: toCome ?? prayers[0],
  };
}

/** Remaining time (spec document 2, section 9): under 60 minutes 'Nm'; under 1440 'Hh Mm' (or 'Hh'); else whole hours. */
export function remainingText(minutes: number): string {
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (minutes < 1440) return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
  return `${hours}h`;
}

/** The sheet's location line: city and country, else the coordinates to 2 decimals, else 'Location detected'. */
export function locationLine(location: Partial<PrayerTimesAnswer['data']['location']> | undefined): string {
  const place = [location?.city, location?.country].filter((part): part is string => !!part);
  if (place.length > 0) return place.join(', ');
  if (typeof location?.latitude === 'number' && typeof location?.longitude === 'number') return `${location.latitude.toFixed(2)}, ${location.longitude.toFixed(2)}`;
  return 'Location detected';
}

/** The stored location of the user (strings from the database), when both parts are numbers. */
export function storedCoordinates(latitude: string | null, longitude: string | null): Coordinates | null {
  if (latitude === null || longitude === null) return null;
  const coordinates = { latitude: Number(latitude), longitude: Number(longitude) };
  return Number.isFinite(coordinates.latitude) && Number.isFinite(coordinates.longitude) ? coordinates : null;
}
