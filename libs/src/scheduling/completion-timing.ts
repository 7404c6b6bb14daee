/**
 * When a completion happened against its task's time (docs/scheduling.md, Progress): the one rule the
 * progress read model, the early-dose confirmation and the "Early" label all use. Pure: the caller
 * passes both instants (the scheduled one is the care team's local date and time in its zone, as the
 * task stores it), nothing here reads a clock.
 */
import { formatClockTime } from './local-time';

/** Completed more than this long before its time: early, not on time (issue 21). */
export const EARLY_COMPLETION_MINUTES = 60;
/** Completed at most this long after its time: on time. */
export const ON_TIME_GRACE_MINUTES = 30;

export type CompletionTiming = 'early' | 'on_time' | 'late';

const MINUTE = 60_000;

/** Early (more than 60 minutes before the scheduled instant), on time (up to 30 minutes after), or late. */
export function completionTiming(scheduledTime: string | Date, completedAt: string | Date): CompletionTiming {
  const lead = new Date(scheduledTime).getTime() - new Date(completedAt).getTime();
  if (lead > EARLY_COMPLETION_MINUTES * MINUTE) return 'early';
  return -lead <= ON_TIME_GRACE_MINUTES * MINUTE ? 'on_time' : 'late';
}

/** Completing at `at` would be early. */
export function isEarlyCompletion(scheduledTime: string | Date, at: string | Date): boolean {
  return completionTiming(scheduledTime, at) === 'early';
}

/**
 * A caregiver completing this task now is asked first: a medication, still pending, more than an
 * hour before its time.
 */
export function asksBeforeEarlyDose(
  task: { category: string; status: 'pending' | 'completed'; scheduledTime: string; planned?: boolean },
  now: Date,
): boolean {
  return task.category === 'medication' && task.status === 'pending' && task.planned !== true && isEarlyCompletion(task.scheduledTime, now);
}

/** The question: "Due at 8:00 AM. Give it now?" (`localTime` HH:MM on the care team's clock). */
export function earlyDoseQuestion(localTime: string): string {
  return `Due at ${formatClockTime(localTime)}. Give it now?`;
}
