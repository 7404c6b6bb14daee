import { instantToLocal } from '@carecircle/libs';
import { timesOn } from './prayer-day';

/**
 * Which prayer tasks should exist, and what to do to the ones that do (issue 24). Pure: dates, ids,
 * existing tasks and the instant `now` are given; the clock, the hash and the read models are the
 * caller's (commands/sync-prayer-tasks).
 */

/** The five prayers that become tasks, in the day's order (Sunrise is not a prayer). */
export const PRAYER_TASK_NAMES = ['Fajr', 'Dhuhr', 'Asr', 'Maghrib', 'Isha'] as const;
export type PrayerTaskName = (typeof PRAYER_TASK_NAMES)[number];

/** Spec 2, section 9: the default prayer location when the user has none stored. */
export const DEFAULT_PRAYER_LOCATION = { latitude: 40.7128, longitude: -74.006 } as const;

export const PRAYER_TASK_REASONS = {
  off: 'Prayer tasks turned off',
  passed: 'Prayer time changed to a time already past',
} as const;

export interface PrayerTaskSettings {
  prayerCalculationMethod: number;
  latitude: number | null;
  longitude: number | null;
  /** The user's zone (a valid IANA zone). */
  timezone: string;
}

/** A prayer task as it should be: the prayer day it belongs to, and its local date, time and instant. */
export interface WantedPrayer {
  prayer: PrayerTaskName;
  /** The prayer day (yyyy-mm-dd in the zone) whose times these are. */
  day: string;
  scheduledDate: string;
  localTime: string;
  timezone: string;
  /** The instant of scheduledDate and localTime in the zone (ISO, whole minutes). */
  scheduledTime: string;
}

/**
 * The five prayer tasks of prayer day `day` (in the user's zone), at the times prayerDay computes by
 * the user's method at their location, or the default location (fewer near the poles, on days a
 * prayer has no time). A time is kept to the minute (adhan
 * rounds to the nearest one), so the task's date and time give back the same instant.
 */
export function prayerTasksOn(settings: PrayerTaskSettings, day: string): WantedPrayer[] {
  const hasLocation = settings.latitude !== null && settings.longitude !== null;
  const { latitude, longitude } = hasLocation ? { latitude: settings.latitude!, longitude: settings.longitude! } : DEFAULT_PRAYER_LOCATION;
  const times = timesOn(latitude, longitude, settings.prayerCalculationMethod, day);
  return PRAYER_TASK_NAMES.flatMap((prayer) => {
    const instant = times.find((t) => t.name === prayer)!.time.getTime();
    // Near the poles a prayer may have no time that day: no task for it.
    if (!Number.isFinite(instant)) return [];
    const minute = new Date(Math.floor(instant / 60_000) * 60_000);
    const local = instantToLocal(minute, settings.timezone);
    return [{ prayer, day, scheduledDate: local.date, localTime: local.time, timezone: settings.timezone, scheduledTime: minute.toISOString() }];
  });
}

/** A prayer task that exists (in the tasks read model) among the ids a user's prayer tasks may have. */
export interface ExistingPrayerTask {
  id: string;
  status: 'pending' | 'completed';
  scheduledDate: string;
  localTime: string;
  timezone: string;
  scheduledTime: string;
}

export interface PrayerTaskPlan {
  schedule: (WantedPrayer & { taskId: string })[];
  move: { taskId: string; scheduledDate: string; localTime: string; timezone: string }[];
  remove: { taskId: string; reason: string }[];
}

/**
 * What to do, given the tasks that should exist (`wanted`, each with its id; empty when prayer tasks
 * are off), those that `scheduleFrom` allows making now, and the ones that exist:
 * - a pending task still ahead that is no longer wanted is removed ("Prayer tasks turned off");
 * - one still wanted at another date, time or zone moves there, or is removed when that is past;
 * - a wanted task still ahead that does not exist is made, if its prayer day is one of `scheduleDays`
 *   (the materialisation horizon: the user's today), unless that prayer of that date is already
 *   completed (`completed`: `${scheduledDate}/${prayer}` of completed prayer tasks of an earlier period);
 * - completed tasks, and pending ones whose time has passed, are history: never touched.
 * Making a task whose stream exists in another form (removed by the family) is the caller's no-op.
 */
export function planPrayerTasks(input: {
  wanted: (WantedPrayer & { taskId: string })[];
  existing: ExistingPrayerTask[];
  scheduleDays: string[];
  now: Date;
  completed?: string[];
}): PrayerTaskPlan {
  const now = input.now.getTime();
  const ahead = (instant: string) => Date.parse(instant) > now;
  const wanted = new Map(input.wanted.map((w) => [w.taskId, w]));
  const existing = new Set(input.existing.map((t) => t.id));
  const completed = new Set(input.completed ?? []);
  const plan: PrayerTaskPlan = { schedule: [], move: [], remove: [] };
  for (const task of input.existing) {
    if (task.status !== 'pending' || !ahead(task.scheduledTime)) continue;
    const want = wanted.get(task.id);
    if (!want) {
      plan.remove.push({ taskId: task.id, reason: PRAYER_TASK_REASONS.off });
    } else if (!ahead(want.scheduledTime)) {
      plan.remove.push({ taskId: task.id, reason: PRAYER_TASK_REASONS.passed });
    } else if (want.scheduledDate !== task.scheduledDate || want.localTime !== task.localTime || want.timezone !== task.timezone) {
      plan.move.push({ taskId: task.id, scheduledDate: want.scheduledDate, localTime: want.localTime, timezone: want.timezone });
    }
  }
  for (const want of input.wanted) {
    if (existing.has(want.taskId) || completed.has(`${want.scheduledDate}/${want.prayer}`)) continue;
    if (input.scheduleDays.includes(want.day) && ahead(want.scheduledTime)) plan.schedule.push(want);
  }
  return plan;
}
