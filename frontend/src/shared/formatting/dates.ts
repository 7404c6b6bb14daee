import { displayLocale } from '../server-render';

/** A yyyy-mm-dd calendar date as a Date at its midnight UTC, to be formatted in UTC (no zone shift). */
const calendarDay = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
};

/** Full weekday name of a yyyy-mm-dd date in the reader's locale, e.g. "Thursday". */
export function weekdayName(date: string): string {
  return calendarDay(date).toLocaleDateString(displayLocale(), { weekday: 'long', timeZone: 'UTC' });
}

/** Long date of a yyyy-mm-dd date without the weekday, e.g. "November 21". */
export function monthDay(date: string): string {
  return calendarDay(date).toLocaleDateString(displayLocale(), { month: 'long', day: 'numeric', timeZone: 'UTC' });
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
