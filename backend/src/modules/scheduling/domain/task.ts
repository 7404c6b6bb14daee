import type { AppointmentReminder, EscalationAudience, NotificationChannel, Task } from '@carecircle/libs';

/**
 * One care task on one day: stream `task-{taskId}`. Occurrences of a template get a deterministic
 * id (workers/occurrence-ids.ts), so materialising a day twice appends to an existing stream and
 * the decider records nothing: no duplicates. Its own fields are the API's Task's.
 */
export type TaskDetails = Pick<
  Task,
  'name' | 'description' | 'category' | 'priority' | 'isUrgent' | 'medicationId' | 'imageUrl' | 'timeSlot' | 'taskGroupId' | 'timeSpecificNotes' | 'appointmentDetails'
>;

/** When: the care team's local date and time, the zone, and the instant they make. */
export interface TaskSchedule {
  scheduledDate: string; // yyyy-mm-dd
  localTime: string; // HH:MM
  timezone: string; // IANA
  scheduledTime: string; // ISO 8601 instant
}

export type TaskEvent =
  | {
      type: 'TaskScheduled';
      data: TaskDetails & TaskSchedule & { taskId: string; childId: string; templateId: string | null; scheduledBy: string | null; scheduledAt: string };
    }
  | { type: 'TaskCompleted'; data: { taskId: string; childId: string; notes: string | null; completedBy: string; completedAt: string } }
  | { type: 'TaskUncompleted'; data: { taskId: string; childId: string; uncompletedBy: string; uncompletedAt: string } }
  | { type: 'TaskRemoved'; data: { taskId: string; childId: string; reason: string; removedBy: string; removedAt: string } }
  | { type: 'TaskUpdated'; data: Partial<TaskDetails> & Partial<TaskSchedule> & { taskId: string; childId: string; updatedBy: string; updatedAt: string } }
  | { type: 'AppointmentUpdated'; data: Partial<TaskDetails> & Partial<TaskSchedule> & { taskId: string; childId: string; updatedBy: string; updatedAt: string } }
  /** Recorded by the former once-a-minute overdue scan (streams keep it; escalation steps replace it). */
  | { type: 'TaskBecameUrgentOverdue'; data: { taskId: string; childId: string; name: string; scheduledTime: string; localTime: string; detectedAt: string } }
  /** A reminder worker alerted these people before the task's time (`scheduledTime`: the time it was for). */
  | { type: 'TaskReminderSent'; data: TaskAlertSubject & { reminder: TaskReminder; deliveries: AlertDelivery[]; sentAt: string } }
  /** A step of the family's escalation chain for a pending urgent task past its time. */
  | {
      type: 'TaskEscalationStepReached';
      data: TaskAlertSubject & { step: number; notify: EscalationAudience; deliveries: AlertDelivery[]; reachedAt: string };
    }
  /** A caregiver saw the alert: the escalation for this time stops. */
  | { type: 'TaskAlertAcknowledged'; data: { taskId: string; childId: string; scheduledTime: string; acknowledgedBy: string; acknowledgedAt: string } };

/**
 * The events that make a task, change it, complete or reopen it, or remove it: a read model that keeps
 * a row per task (daily tasks, daily progress, reminders, medication stock) follows all of them.
 */
export const TASK_ROW_EVENTS = ['TaskScheduled', 'TaskUpdated', 'AppointmentUpdated', 'TaskCompleted', 'TaskUncompleted', 'TaskRemoved'] as const satisfies readonly TaskEvent['type'][];

/** What an alert is about, as the task was when it went out (the name is encrypted like the task's). */
export interface TaskAlertSubject {
  taskId: string;
  childId: string;
  name: string;
  scheduledTime: string;
  localTime: string;
}

/** Which reminder: the medication one (15 minutes before) or one of an appointment's offsets. */
export type TaskReminder = { kind: 'medication'; offset: null } | { kind: 'appointment'; offset: AppointmentReminder };

/** Who was alerted and by which channels: a caregiver (userId) or an emergency contact (contactId). */
export type AlertDelivery = { userId: string; channels: NotificationChannel[] } | { contactId: string; channels: NotificationChannel[] };

export const reminderKey = (reminder: TaskReminder, scheduledTime: string) => `${reminder.kind}:${reminder.offset ?? ''}:${scheduledTime}`;

export const taskStream = (taskId: string) => `task-${taskId}`;

/** What a TaskScheduled recorded, minus who and when: what ScheduleTask compares to stay idempotent. */
export type ScheduledTask = TaskDetails & TaskSchedule & { taskId: string; childId: string; templateId: string | null };

export type TaskState =
  | { status: 'none' }
  | {
      status: 'pending' | 'completed';
      taskId: string;
      childId: string;
      /** As first scheduled (ScheduleTask on an existing stream compares with this). */
      scheduled: ScheduledTask;
      details: TaskDetails;
      schedule: TaskSchedule;
      completedBy: string | null;
      completedAt: string | null;
      notes: string | null;
      urgentOverdueRecorded: boolean;
      /** reminderKey()s of the reminders already sent. */
      remindersSent: string[];
      /** The escalation of the current time: the last step reached (-1: none) and who acknowledged it. */
      escalation: { scheduledTime: string; step: number; acknowledgedBy: string[] };
    }
  | { status: 'removed'; taskId: string; childId: string; scheduled: ScheduledTask };

export const initialTaskState = (): TaskState => ({ status: 'none' });

const DETAIL_KEYS: (keyof TaskDetails)[] = [
  'name', 'description', 'category', 'priority', 'isUrgent', 'medicationId', 'imageUrl', 'timeSlot', 'taskGroupId',
  'timeSpecificNotes', 'appointmentDetails',
];
const SCHEDULE_KEYS: (keyof TaskSchedule)[] = ['scheduledDate', 'localTime', 'timezone', 'scheduledTime'];

function pick<T extends object>(source: object, keys: (keyof T)[]): Partial<T> {
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, (source as T)[k]])) as Partial<T>;
}

export type LiveTask = Extract<TaskState, { status: 'pending' | 'completed' }>;

/** The escalation record of `scheduledTime`: a task moved to a new time starts a fresh one. */
export function escalationAt(state: LiveTask, scheduledTime: string): LiveTask['escalation'] {
  return state.escalation.scheduledTime === scheduledTime ? state.escalation : { scheduledTime, step: -1, acknowledgedBy: [] };
}

export function evolveTask(state: TaskState, event: TaskEvent): TaskState {
  if (event.type === 'TaskScheduled') {
    const { scheduledBy: _by, scheduledAt: _at, ...scheduled } = event.data;
    return {
      status: 'pending',
      taskId: scheduled.taskId,
      childId: scheduled.childId,
      scheduled,
      details: pick<TaskDetails>(scheduled, DETAIL_KEYS) as TaskDetails,
      schedule: pick<TaskSchedule>(scheduled, SCHEDULE_KEYS) as TaskSchedule,
      completedBy: null,
      completedAt: null,
      notes: null,
      urgentOverdueRecorded: false,
      remindersSent: [],
      escalation: { scheduledTime: scheduled.scheduledTime, step: -1, acknowledgedBy: [] },
    };
  }
  if (state.status === 'none' || state.status === 'removed') return state;
  switch (event.type) {
    case 'TaskCompleted':
      return { ...state, status: 'completed', completedBy: event.data.completedBy, completedAt: event.data.completedAt, notes: event.data.notes };
    case 'TaskUncompleted':
      return { ...state, status: 'pending', completedBy: null, completedAt: null, notes: null };
    case 'TaskRemoved':
      return { status: 'removed', taskId: state.taskId, childId: state.childId, scheduled: state.scheduled };
    case 'TaskUpdated':
    case 'AppointmentUpdated':
      return {
        ...state,
        details: { ...state.details, ...pick<TaskDetails>(event.data, DETAIL_KEYS) },
        schedule: { ...state.schedule, ...pick<TaskSchedule>(event.data, SCHEDULE_KEYS) },
      };
    case 'TaskBecameUrgentOverdue':
      return { ...state, urgentOverdueRecorded: true };
    case 'TaskReminderSent':
      return { ...state, remindersSent: [...state.remindersSent, reminderKey(event.data.reminder, event.data.scheduledTime)] };
    case 'TaskEscalationStepReached':
      return { ...state, escalation: { ...escalationAt(state, event.data.scheduledTime), step: event.data.step } };
    case 'TaskAlertAcknowledged': {
      const escalation = escalationAt(state, event.data.scheduledTime);
      return { ...state, escalation: { ...escalation, acknowledgedBy: [...escalation.acknowledgedBy, event.data.acknowledgedBy] } };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
