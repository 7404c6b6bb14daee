import { dateProblem, dateProblemMessage, FAMILY_LIMITS, instantToLocal, isLocalDate, isLocalTime, LIMIT_MESSAGES, TASK_MESSAGES } from '@carecircle/libs';
import { invalidInput } from '../../../platform/commands/domain-error';

const invalid = invalidInput('SCHEDULING.INVALID');

/** The date read, if it is within the date range (an instant read in a zone may leave it). */
function inRange(date: string, field: string): string {
  const problem = dateProblem(date);
  if (problem) throw invalid(field, dateProblemMessage(problem, TASK_MESSAGES.invalidDate));
  return date;
}

/** yyyy-mm-ddTHH:MM[:SS[.sss]] with an offset or Z: an instant. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
/** The same without an offset: a wall-clock date-time, read as the care team's. */
const WALL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d{1,9})?)?$/;

/**
 * scheduledDate as the spec's clients send it: yyyy-mm-dd, or an ISO date-time (an instant is read in
 * the care team's zone, a wall-clock date-time by its date part). Empty means not given.
 */
export function readDate(value: string | null | undefined, zone: string): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  if (isLocalDate(text)) return inRange(text, 'scheduledDate');
  if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return inRange(instantToLocal(text, zone).date, 'scheduledDate');
  const wall = WALL.exec(text);
  if (wall && isLocalDate(wall[1])) return inRange(wall[1], 'scheduledDate');
  throw invalid('scheduledDate', TASK_MESSAGES.invalidDate);
}

/**
 * scheduledTime: HH:MM (or HH:MM:SS), or an ISO date-time, which also gives the date. Empty means
 * not given.
 */
export function readTime(value: string | null | undefined, zone: string): { time: string; date: string | null } | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  const clock = /^(\d{2}:\d{2})(:\d{2})?$/.exec(text);
  if (clock && isLocalTime(clock[1])) return { time: clock[1], date: null };
  if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) {
    const local = instantToLocal(text, zone);
    return { date: inRange(local.date, 'scheduledTime'), time: local.time };
  }
  const wall = WALL.exec(text);
  if (wall && isLocalDate(wall[1]) && isLocalTime(wall[2])) return { date: inRange(wall[1], 'scheduledTime'), time: wall[2] };
  throw invalid('scheduledTime', TASK_MESSAGES.invalidTime);
}

/** One task per time: the list's times (sorted, each once, at most 24), else the single time, else none. */
export function readTimes(scheduledTimes: string[] | undefined, single: string | null): string[] {
  if (scheduledTimes && scheduledTimes.length > 0) {
    for (const time of scheduledTimes) if (!isLocalTime(time)) throw invalid('scheduledTimes', TASK_MESSAGES.invalidTime);
    const times = [...new Set(scheduledTimes)].sort();
    if (times.length > FAMILY_LIMITS.timesPerSchedule) throw invalid('scheduledTimes', LIMIT_MESSAGES.timesPerSchedule);
    return times;
  }
  return single ? [single] : [];
}

/** The picker's 'none' (or empty) means no medication. */
export function readMedicationId(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '' || value.trim() === 'none') return null;
  return value.trim();
}
