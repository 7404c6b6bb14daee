import { displayLocale } from '../server-render';

/** A yyyy-mm-dd calendar date as a Date at its midnight UTC, to be formatted in UTC (no zone shift). */
const calendarDay = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
};

/**
 * One formatter per locale and style, made once: toLocaleDateString makes one per call, which costs
 * on a slow phone (Today formats its dates on every render; docs/performance.md, issue 27).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: 'weekday' | 'monthDay'): Intl.DateTimeFormat {
  const locale = displayLocale();
  const key = `${String(locale)}|${style}`;
  let made = formatters.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions = style === 'weekday' ? { weekday: 'long', timeZone: 'UTC' } : { month: 'long', day: 'numeric', timeZone: 'UTC' };
    made = new Intl.DateTimeFormat(locale, options);
    // The server renders in each reader's language: kept bounded.
    if (formatters.size >= 64) formatters.clear();
    formatters.set(key, made);
  }
  return made;
}

/** Full weekday name of a yyyy-mm-dd date in the reader's locale, e.g. "Thursday". */
export function weekdayName(date: string): string {
  return formatter('weekday').format(calendarDay(date));
}

/** Long date of a yyyy-mm-dd date without the weekday, e.g. "November 21". */
export function monthDay(date: string): string {
  return formatter('monthDay').format(calendarDay(date));
}

/** Whole years between a yyyy-mm-dd birth date and today, or null when unknown or invalid. */
export function ageInYears(dateOfBirth: string | null, today: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getFullYear() - year;
  const beforeBirthday =
    today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/** yyyy-mm-dd as a readable date without time-zone shifts, e.g. "Mar 4, 2015". */
export function formatIsoDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}
