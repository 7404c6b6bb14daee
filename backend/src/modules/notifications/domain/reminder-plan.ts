import {
  addDays,
  localDateTimeToInstant,
  MEDICATION_REMINDER_LEAD_MINUTES,
  type AppointmentReminder,
} from '@carecircle/libs';
import type { TaskReminder } from '../../scheduling';

/** A pending task as the reminder scheduler knows it (read model `reminder_tasks`). */
export interface ReminderTask {
  taskId: string;
  childId: string;
  name: string;
  category: string;
  isUrgent: boolean;
  status: 'pending' | 'completed';
  scheduledDate: string;
  localTime: string;
  timezone: string;
  scheduledTime: string;
  appointmentReminders: AppointmentReminder[];
  /** The time (`scheduledTime`) whose escalation a caregiver acknowledged, if any. */
  acknowledgedFor: string | null;
}

/**
 * One Bull job: a reminder before the task's time, a step of the escalation chain after it, or the
 * push of a refill reminder (`eventId`: its MedicationStockLow, whose in-app notification it sends).
 */
export type ReminderJobData =
  | { kind: 'reminder'; taskId: string; reminder: TaskReminder; scheduledTime: string; fireAt: number }
  | { kind: 'escalation'; taskId: string; step: number; scheduledTime: string; fireAt: number }
  | { kind: 'refill'; childId: string; eventId: string; fireAt: number };

export type TaskJobData = Exclude<ReminderJobData, { kind: 'refill' }>;

export interface PlannedJob {
  /** Deterministic: adding the same job twice keeps one (Bull ignores a known job id). */
  id: string;
  data: ReminderJobData;
}

/** Escalations of tasks further in the past than this are not started (after an outage, a rebuild). */
export const ESCALATION_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** An appointment reminder more than this late is not sent (its "in 2 hours" would be wrong). */
const REMINDER_GRACE_MS = 60 * 1000;

const OFFSET_MINUTES: Record<Exclude<AppointmentReminder, '24h'>, number> = { '2h': 120, '30m': 30, '10m': 10 };

export const reminderJobId = (taskId: string, reminder: TaskReminder) => `${taskId}.${reminder.kind}${reminder.offset ? `-${reminder.offset}` : ''}`;
export const escalationJobId = (taskId: string, step: number) => `${taskId}.escalation-${step}`;
export const refillJobId = (eventId: string) => `refill-${eventId}`;

/** Every job id a task can have, so a move, completion or removal takes all of them away. */
export function allJobIds(taskId: string, maxSteps: number): string[] {
  return [
    reminderJobId(taskId, { kind: 'medication', offset: null }),
    ...(['24h', '2h', '30m', '10m'] as const).map((offset) => reminderJobId(taskId, { kind: 'appointment', offset })),
    ...Array.from({ length: maxSteps }, (_, step) => escalationJobId(taskId, step)),
  ];
}

/**
 * When an appointment reminder fires. '24h' is the same clock time the day before in the care team's
 * zone (23 or 25 hours across a daylight-saving change); the others are that many minutes before.
 * `minuteMs` is a minute's length (60000; tests shorten it).
 */
export function appointmentReminderAt(task: Pick<ReminderTask, 'scheduledDate' | 'localTime' | 'timezone' | 'scheduledTime'>, offset: AppointmentReminder, minuteMs: number): number {
  const due = Date.parse(task.scheduledTime);
  const leadMs =
    offset === '24h'
      ? due - Date.parse(localDateTimeToInstant(addDays(task.scheduledDate, -1), task.localTime, task.timezone))
      : OFFSET_MINUTES[offset] * 60_000;
  return due - (leadMs / 60_000) * minuteMs;
}

/**
 * The jobs a task needs now: a medication task's reminder 15 minutes before (sent at once when the
 * task is added later than that, as long as its time is ahead); an appointment's reminders that are
 * not already past; for an urgent task the first escalation step, `firstStepAfterMinutes` after its
 * time, unless that time's alert was acknowledged. A completed task needs none.
 */
export function planReminders(task: ReminderTask, { now, minuteMs, firstStepAfterMinutes }: { now: number; minuteMs: number; firstStepAfterMinutes: number | null }): PlannedJob[] {
  if (task.status !== 'pending') return [];
  const due = Date.parse(task.scheduledTime);
  const { taskId, scheduledTime } = task;
  const jobs: PlannedJob[] = [];
  if (task.category === 'medication' && due > now) {
    const reminder: TaskReminder = { kind: 'medication', offset: null };
    jobs.push({ id: reminderJobId(taskId, reminder), data: { kind: 'reminder', taskId, reminder, scheduledTime, fireAt: Math.max(now, due - MEDICATION_REMINDER_LEAD_MINUTES * minuteMs) } });
  }
  if (task.category === 'appointment') {
    for (const offset of task.appointmentReminders) {
      const fireAt = appointmentReminderAt(task, offset, minuteMs);
      if (fireAt < now - REMINDER_GRACE_MS || due <= now) continue;
      const reminder: TaskReminder = { kind: 'appointment', offset };
      jobs.push({ id: reminderJobId(taskId, reminder), data: { kind: 'reminder', taskId, reminder, scheduledTime, fireAt } });
    }
  }
  if (task.isUrgent && firstStepAfterMinutes !== null && task.acknowledgedFor !== scheduledTime) {
    const fireAt = due + firstStepAfterMinutes * minuteMs;
    if (fireAt > now - ESCALATION_LOOKBACK_MS) jobs.push({ id: escalationJobId(taskId, 0), data: { kind: 'escalation', taskId, step: 0, scheduledTime, fireAt } });
  }
  return jobs;
}

/** Tasks scheduled after this instant (ms) may still have jobs in the queue. */
export const jobsSince = (now: number, lastStepAfterMinutes: number, minuteMs: number) => now - lastStepAfterMinutes * minuteMs - ESCALATION_LOOKBACK_MS;

/** Whether a task's jobs may still exist in the queue (older tasks are left alone: no Redis calls on a replay of history). */
export const mayHaveJobs = (scheduledTime: string, now: number, lastStepAfterMinutes: number, minuteMs: number) =>
  Date.parse(scheduledTime) > jobsSince(now, lastStepAfterMinutes, minuteMs);
