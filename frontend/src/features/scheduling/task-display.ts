import { completionTiming, formatClockTime, TASK_CATEGORY_LABELS, type DayName, type Task, type TaskCategory } from '@carecircle/libs';

export const DAY_LABELS: Record<DayName, string> = {
  sunday: 'Sun',
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
};

export function categoryLabel(category: TaskCategory): string {
  return TASK_CATEGORY_LABELS[category] ?? category;
}

/** The task's time on the care team's clock ("9:00 AM"). */
export function taskTime(task: Pick<Task, 'localTime'>): string {
  return formatClockTime(task.localTime);
}

/** An instant as the care team's clock time ("9:05 AM"), falling back to the browser's zone. */
export function clockTimeIn(instant: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  try {
    return new Date(instant).toLocaleTimeString('en-US', { ...options, timeZone });
  } catch {
    return new Date(instant).toLocaleTimeString('en-US', options);
  }
}

/** An instant as date and time on the care team's clock ("Jun 2, 9:05 AM"). */
export function dateTimeIn(instant: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  try {
    return new Date(instant).toLocaleString('en-US', { ...options, timeZone });
  } catch {
    return new Date(instant).toLocaleString('en-US', options);
  }
}

/** Completed more than an hour before its time (libs' completionTiming): shown as Early, not on time. */
export function completedEarly(task: Pick<Task, 'status' | 'scheduledTime' | 'completedAt'>): boolean {
  return task.status === 'completed' && task.completedAt !== null && completionTiming(task.scheduledTime, task.completedAt) === 'early';
}

export function isAppointment(task: Pick<Task, 'category'>): boolean {
  return task.category === 'appointment';
}

/** Travel and prep minutes as "45 min", or "None". */
export function minutes(value: number): string {
  return value > 0 ? `${value} min` : 'None';
}

const REMINDER_LABELS: Record<string, string> = { '24h': '24 hours before', '2h': '2 hours before', '30m': '30 minutes before', '10m': '10 minutes before' };

export function reminderLabel(reminder: string): string {
  return REMINDER_LABELS[reminder] ?? reminder;
}
