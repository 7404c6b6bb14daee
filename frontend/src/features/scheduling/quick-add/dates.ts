import { localDate } from '@carecircle/libs';
import { detectTimeZone } from '../../../shared/formatting/time-zone';

/** Today (yyyy-mm-dd) in the browser's zone, which the app keeps as the caregiver's profile zone. */
export function todayLocal(now: Date = new Date()): string {
  return localDate(now, detectTimeZone());
}
