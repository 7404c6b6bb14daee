/**
 * One-off tasks and appointments (spec document 2, sections 3, 4, 5 and 7): the request shapes of
 * POST /api/children/{childId}/tasks and PUT /api/tasks/{id}, and the messages the server refuses with.
 */
import type { Priority, TaskCategory } from '../schema';
import { INT4_MAX } from '../validation';

/** appointmentDetails as a form sends it: everything optional, minutes may be text. */
export interface AppointmentInput {
  type?: string | null;
  subtype?: string | null;
  /** HH:MM in the care team's zone. */
  startTime?: string | null;
  endTime?: string | null;
  location?: string | null;
  isTelemedicine?: boolean | null;
  videoLink?: string | null;
  /** Text, or a list joined with ', '. */
  attendees?: string | string[] | null;
  /** 24h, 2h, 30m, 10m; default 24h and 2h. */
  reminders?: string[] | null;
  /** Minutes, minimum 0; non-numeric becomes 0. */
  travelTime?: number | string | null;
  prepTime?: number | string | null;
}

/** POST /api/children/{childId}/tasks. One task is created per time; the answer is always a list. */
export interface TaskInput {
  name: string;
  description?: string | null;
  category: TaskCategory;
  /** low, medium (default) or high; high makes the task urgent. */
  priority?: Priority;
  isUrgent?: boolean;
  /** 'none' (the picker's default) or empty means no medication. */
  medicationId?: string | null;
  /** HH:MM list: one task per time. */
  scheduledTimes?: string[];
  /** Note per time (HH:MM -> text), kept as that task's timeSpecificNotes. */
  timeNotes?: Record<string, string> | null;
  /** HH:MM, or an ISO date-time (its local date and time in the care team's zone are used). */
  scheduledTime?: string | null;
  /** yyyy-mm-dd or an ISO date-time; default today in the care team's zone. */
  scheduledDate?: string | null;
  timeSlot?: string | null;
  timeSpecificNotes?: string | null;
  imageUrl?: string | null;
  appointmentDetails?: AppointmentInput | null;
}

/** PUT /api/tasks/{id}: only the fields sent change. */
export type TaskUpdateInput = Partial<Omit<TaskInput, 'scheduledTimes' | 'timeNotes'>>;

export const TASK_MESSAGES = {
  nameRequired: 'Please enter a task name.',
  categoryRequired: 'Please select a category.',
  unknownCategory: 'Please select a category from the list.',
  unknownPriority: 'Priority must be low, medium or high.',
  timesRequired: 'Please select at least one time for the task.',
  invalidTime: 'Times must be HH:MM (24 hours).',
  invalidDate: 'Dates must be yyyy-mm-dd.',
  medicationNotFound: 'That medication does not belong to this care recipient.',
  unknownAppointmentType: 'Please select an appointment type from the list.',
  unknownReminder: 'Reminders must be 24h, 2h, 30m or 10m.',
  minutesMin: 'Travel and prep time must be 0 minutes or more.',
  minutesMax: `Travel and prep time must be at most ${INT4_MAX} minutes.`,
  unknownTimezone: 'The care team time zone is not a known IANA time zone.',
  notFound: 'Task not found',
  removed: 'This task was removed.',
  alreadyExists: 'A different task already exists with this id.',
} as const;

/** The double-dose guard's 409 message: "Already given by {name} at {time}". */
export function alreadyGivenMessage(name: string, time: string): string {
  return `Already given by ${name} at ${time}`;
}
