import type { AppointmentDetails, Priority, TaskCategory } from '@carecircle/libs';

/**
 * One care task on one day: stream `task-{taskId}`. Occurrences of a template get a deterministic
 * id (workers/occurrence-ids.ts), so materialising a day twice appends to an existing stream and
 * the decider records nothing: no duplicates.
 */
export interface TaskDetails {
  name: string;
  description: string | null;
  category: TaskCategory;
  priority: Priority;
  isUrgent: boolean;
  medicationId: string | null;
  imageUrl: string | null;
  timeSlot: string | null;
  taskGroupId: string | null;
  timeSpecificNotes: string | null;
  appointmentDetails: AppointmentDetails | null;
}

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
  /** Recorded by the overdue worker when an urgent task passes its time still pending. */
  | { type: 'TaskBecameUrgentOverdue'; data: { taskId: string; childId: string; name: string; scheduledTime: string; localTime: string; detectedAt: string } };

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
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
