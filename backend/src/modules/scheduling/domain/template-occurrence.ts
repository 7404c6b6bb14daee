import { createHash } from 'node:crypto';
import { DAY_NAMES, daysBetween } from '@carecircle/libs';
import type { TemplateDetails } from './task-template';

/**
 * When a repeating template makes tasks. Dates are the care team's calendar dates (yyyy-mm-dd), so
 * the rule is plain day arithmetic and cannot be moved by a daylight-saving change; turning a date
 * and an HH:MM into an instant is the care-team clock's job.
 */
export type OccurrenceTemplate = Pick<
  TemplateDetails,
  'isRepeating' | 'repeatPattern' | 'repeatInterval' | 'repeatStartDate' | 'repeatEndDate' | 'daysOfWeek'
> & { isActive: boolean };

/** 0 = Sunday .. 6 = Saturday. 1970-01-04 was a Sunday. */
export const weekdayOf = (date: string): number => ((daysBetween('1970-01-04', date) % 7) + 7) % 7;

/**
 * Whether an active repeating template has tasks on `date`:
 * - within repeatStartDate .. repeatEndDate (no end: ongoing);
 * - daily: every repeatInterval days counted from the start date, on a selected weekday (a daily
 *   template with every day selected is plain "every N days"; the quick-add daily mode restricts
 *   days, and the spec creates today's tasks only "on a selected weekday");
 * - weekly: on the selected weekdays of every repeatInterval-th week, weeks starting on Sunday and
 *   counted from the start date's week;
 * - custom: on the selected weekdays.
 */
export function occursOn(template: OccurrenceTemplate, date: string): boolean {
  if (!template.isActive || !template.isRepeating || !template.repeatStartDate) return false;
  if (date < template.repeatStartDate) return false;
  if (template.repeatEndDate !== null && date > template.repeatEndDate) return false;
  const weekday = weekdayOf(date);
  if (!template.daysOfWeek.includes(DAY_NAMES[weekday])) return false;
  const interval = Math.max(1, template.repeatInterval);
  const sinceStart = daysBetween(template.repeatStartDate, date);
  switch (template.repeatPattern) {
    case 'daily':
      return sinceStart % interval === 0;
    case 'weekly': {
      // whole weeks between the Sunday of the start's week and the Sunday of this date's week
      const week = (sinceStart + weekdayOf(template.repeatStartDate) - weekday) / 7;
      return week % interval === 0;
    }
    case 'custom':
      return true;
    default: {
      const unknown: never = template.repeatPattern;
      return unknown;
    }
  }
}

/**
 * Name-based UUID, version 5 (RFC 9562, section 5.5): SHA-1 of the namespace's 16 bytes and the
 * name, version and variant bits set. Pure: the same namespace and name always give the same id.
 */
export function uuidv5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** CareCircle's namespace for template occurrences (a fixed random v4 id; never change it). */
export const OCCURRENCE_NAMESPACE = '6f0c5a8e-3d1b-4c7a-9e52-1b8f4d2a7c90';

/**
 * The task id of a template's occurrence on a date at a time. Materialising the same day again
 * names the same task streams, and ScheduleTask records nothing for a task that already exists:
 * no duplicates, whichever process or retry gets there.
 */
export const occurrenceTaskId = (templateId: string, date: string, time: string): string =>
  uuidv5(`${templateId}/${date}/${time}`, OCCURRENCE_NAMESPACE);

/** The template's occurrences on a date: one per scheduled time, or none. */
export function occurrencesOn(
  template: OccurrenceTemplate & { templateId: string; scheduledTimes: readonly string[] },
  date: string,
): { taskId: string; date: string; time: string }[] {
  if (!occursOn(template, date)) return [];
  return template.scheduledTimes.map((time) => ({ taskId: occurrenceTaskId(template.templateId, date, time), date, time }));
}
