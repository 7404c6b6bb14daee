import { addDays, daysBetween, isDateInRange, localDate } from '@carecircle/libs';
import { useState } from 'react';
import { zoneOrBrowser } from '../../../shared/formatting/time-zone';
import { displayLocale } from '../../../shared/server-render';

/**
 * The day the dashboard shows (yyyy-mm-dd) and today, both in `timeZone` (the signed-in caregiver's
 * profile zone, which the app keeps equal to the browser's). Stays on "today" across midnight until
 * the caregiver moves away from it. `initialDate` (a link to a task) starts on that day instead.
 */
export function useCareDay(now: Date, timeZone: string | undefined, initialDate: string | null = null) {
  const today = localDate(now, zoneOrBrowser(timeZone));
  const [offset, setOffset] = useState(() => (initialDate !== null && isDateInRange(initialDate) ? daysBetween(today, initialDate) : 0));
  const selectedDate = addDays(today, offset);
  return {
    today,
    selectedDate,
    offset,
    previous: () => setOffset((value) => value - 1),
    next: () => setOffset((value) => value + 1),
    goToToday: () => setOffset(0),
  };
}

/** Today, Yesterday, Tomorrow, else short weekday and date ("Mon, Jun 2"). */
export function dayLabel(date: string, today: string): string {
  const offset = daysBetween(today, date);
  if (offset === 0) return 'Today';
  if (offset === -1) return 'Yesterday';
  if (offset === 1) return 'Tomorrow';
  return shortDate(date);
}

/** yyyy-mm-dd as "Mon, Jun 2" (no time-zone shift: the date is read as a calendar date). */
export function shortDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(displayLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
