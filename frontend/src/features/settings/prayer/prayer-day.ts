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

export type DayPrayer = PrayerTimesAnswer['data']['formatted'][number];

/** What the widget and the sheet show of a day: the five prayers, the current one and the next. */
export interface PrayerMoment {
  /** The five prayers of the day (Sunrise is a time, not a prayer), in the day's order, with the server's passed and next flags. */
  prayers: DayPrayer[];
  /** The last prayer begun; before the day's first prayer, (last night's) Isha. */
  current: PrayerName;
  /** The server's next prayer: after Isha, the next day's Fajr with its own time. */
  next: PrayerTimesAnswer['data']['nextPrayer'];
}

/**
 * The one reading of GET /api/prayer-times/coordinates that both the widget and the Prayer Times
 * sheet use: which prayers have passed and which is next come from the server, which compares the
 * instants (not clock times: a location far from the profile's zone has prayers on either side of
 * that zone's midnight), and every time is the server's formatted text. Fetched again every 60 s.
 */
export function prayerMoment(day: PrayerTimesAnswer['data']): PrayerMoment {
  const prayers = day.formatted.filter((prayer) => prayer.name !== 'Sunrise');
  const begun = prayers.filter((prayer) => prayer.isPassed);
  return { prayers, current: begun[begun.length - 1]?.name ?? 'Isha', next: day.nextPrayer };
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
