import { DAY_NAMES, daysBetween, type TaskTemplate } from '@carecircle/libs';
import type { TemplateDetails } from './task-template';

/**
 * When a repeating template makes tasks. Dates are the care team's calendar dates (yyyy-mm-dd), so
 * the rule is plain day arithmetic and cannot be moved by a daylight-saving change; turning a date
 * and an HH:MM into an instant is the care-team clock's job.
 */
export type OccurrenceTemplate = Pick<
  TemplateDetails,
  'isRepeating' | 'repeatPattern' | 'repeatInterval' | 'repeatStartDate' | 'repeatEndDate' | 'daysOfWeek'
> & { isActive: boolean; isPaused?: boolean };

/** 0 = Sunday .. 6 = Saturday. 1970-01-04 was a Sunday. */
export const weekdayOf = (date: string): number => ((daysBetween('1970-01-04', date) % 7) + 7) % 7;

/**
 * The template as it applies on `date`: its newest schedule from effectiveFrom on, before that the
 * earlier version in force then (a change "from a date" leaves the days before it as they were).
 */
export function templateOn(template: TaskTemplate, date: string): TaskTemplate {
  if (template.effectiveFrom === null || date >= template.effectiveFrom) return template;
  const version = template.earlierVersions.findLast((v) => v.from === null || v.from <= date);
  return version ? { ...template, ...version.details } : { ...template, isActive: false };
}

/**
 * Whether an active, unpaused repeating template (one version of it: see templateOn) has tasks on `date`:
 * - within repeatStartDate .. repeatEndDate (no end: ongoing);
 * - daily: every repeatInterval days counted from the start date, on a selected weekday (a daily
 *   template with every day selected is plain "every N days"; the quick-add daily mode restricts
 *   days, and the spec creates today's tasks only "on a selected weekday");
 * - weekly: on the selected weekdays of every repeatInterval-th week, weeks starting on Sunday and
 *   counted from the start date's week;
 * - custom: on the selected weekdays.
 */
export function occursOn(template: OccurrenceTemplate, date: string): boolean {
  if (!template.isActive || template.isPaused || !template.isRepeating || !template.repeatStartDate) return false;
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
