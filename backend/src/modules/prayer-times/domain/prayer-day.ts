import { CalculationMethod, Coordinates, PrayerTimes, type CalculationParameters } from 'adhan';
import { invalidInput } from '../../../platform/commands/domain-error';

/** Methods 1-5 (libs PRAYER_METHODS) mapped to adhan's parameter sets (DESIGN.md). */
const METHODS: Record<number, () => CalculationParameters> = {
  1: () => CalculationMethod.Karachi(),
  2: () => CalculationMethod.NorthAmerica(),
  3: () => CalculationMethod.MuslimWorldLeague(),
  4: () => CalculationMethod.UmmAlQura(),
  5: () => CalculationMethod.Egyptian(),
};

/** Near the poles some days have no sunrise, sunset or twilight angle: no prayer day to show. */
export const NO_PRAYER_TIMES_MESSAGE = 'Prayer times cannot be computed for this latitude on this date: the sun does not rise, set or reach the needed angle';
const noPrayerTimes = invalidInput('PRAYER_TIMES.NO_TIMES');
const isValid = (time: Date) => !Number.isNaN(time.getTime());

export const PRAYER_NAMES = ['Fajr', 'Sunrise', 'Dhuhr', 'Asr', 'Maghrib', 'Isha'] as const;
export type PrayerName = (typeof PRAYER_NAMES)[number];

export interface PrayerDayInput {
  latitude: number;
  longitude: number;
  method: number;
  timezone: string;
  /** yyyy-mm-dd in `timezone`. */
  date: string;
  now: Date;
}

export interface PrayerDay {
  times: { name: PrayerName; time: Date }[];
  formatted: { name: PrayerName; timeFormatted: string; isNext: boolean; isPassed: boolean }[];
  nextPrayer: { name: PrayerName; time: string; minutesUntil: number };
  date: { readable: string };
}

/**
 * The day's six times by adhan (its calendar day `date`). Near the poles a time may not exist that
 * day (the sun does not rise, set or reach the angle): adhan answers an Invalid Date for it.
 */
export function timesOn(latitude: number, longitude: number, method: number, date: string): { name: PrayerName; time: Date }[] {
  const [y, m, d] = date.split('-').map(Number);
  // adhan reads the calendar day from the Date's local fields.
  const times = new PrayerTimes(new Coordinates(latitude, longitude), new Date(y, m - 1, d), METHODS[method]());
  return [
    { name: 'Fajr', time: times.fajr },
    { name: 'Sunrise', time: times.sunrise },
    { name: 'Dhuhr', time: times.dhuhr },
    { name: 'Asr', time: times.asr },
    { name: 'Maghrib', time: times.maghrib },
    { name: 'Isha', time: times.isha },
  ];
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Today's date (yyyy-mm-dd) in `timezone` at `now`. */
export function dateIn(timezone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The day's prayer times at the coordinates, by the method, shown in `timezone`. The next prayer is the
 * first one (Sunrise excluded) after `now`; after Isha it is the next day's Fajr.
 */
export function prayerDay({ latitude, longitude, method, timezone, date, now }: PrayerDayInput): PrayerDay {
  if (!METHODS[method]) throw new Error(`Unknown prayer calculation method ${method}`);
  const clock = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: 'numeric', minute: '2-digit', hour12: true });
  const times = timesOn(latitude, longitude, method, date);
  const prayers = times.filter((t) => t.name !== 'Sunrise');
  const next = prayers.find((t) => t.time.getTime() > now.getTime()) ?? { name: 'Fajr' as const, time: timesOn(latitude, longitude, method, nextDay(date))[0].time };
  if (!times.every((t) => isValid(t.time)) || !isValid(next.time)) throw noPrayerTimes('latitude', NO_PRAYER_TIMES_MESSAGE);
  const readable = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: '2-digit', month: 'short', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`));
  return {
    times,
    formatted: times.map(({ name, time }) => ({
      name,
      timeFormatted: clock.format(time),
      isNext: name === next.name && time.getTime() === next.time.getTime(),
      isPassed: time.getTime() <= now.getTime(),
    })),
    nextPrayer: { name: next.name, time: clock.format(next.time), minutesUntil: Math.max(0, Math.ceil((next.time.getTime() - now.getTime()) / 60000)) },
    date: { readable },
  };
}
