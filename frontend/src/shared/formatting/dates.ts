/** Full weekday name of a date in the browser's locale, e.g. "Thursday". */
export function weekdayName(date: Date = new Date()): string {
  return date.toLocaleDateString(undefined, { weekday: 'long' });
}

/** Long date without the weekday, e.g. "November 21". */
export function monthDay(date: Date = new Date()): string {
  return date.toLocaleDateString(undefined, { month: 'long', day: 'numeric' });
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
