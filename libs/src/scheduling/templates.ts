/**
 * Task templates and repeating tasks (spec document 2, sections 3, 4, 5 and 9): the request shapes
 * of POST /api/children/{childId}/task-templates, POST /api/repeating-tasks and
 * POST /api/children/{childId}/tasks/bulk, their answers, and the messages the server refuses with.
 */
import type { Priority, TaskCategory } from '../schema';
import type { Medication } from '../care-recipients';
import type { RepeatPattern, Task, TaskTemplate } from '../scheduling';
import type { ParsedScheduleTask } from './schedule-parser';
import { INT4_MAX } from '../validation';
import { TASK_MESSAGES } from './tasks';

/**
 * Both payloads the spec names. daysOfWeek takes lowercase day names (sunday..saturday) or the
 * schedule-text flow's numbers (0 = Sunday .. 6); dates take yyyy-mm-dd or an ISO date-time (its
 * date part is kept); an empty end date (or the text 'undefined' / 'null') means ongoing.
 */
export interface TaskTemplateInput {
  name: string;
  category: TaskCategory;
  description?: string | null;
  /**
   * 'none' (the picker's default) or empty means no medication. A repeating schedule of category
   * medication without one is linked to the recipient's medication of that name, made when missing.
   */
  medicationId?: string | null;
  /** The dose ("2.5 ml", "1/2 tab") of the medication made for a medication schedule without medicationId. */
  dosage?: string | null;
  /** Its strength ("100 mg/mL"), likewise. */
  strength?: string | null;
  isUrgent?: boolean;
  /** low, medium (default) or high; high makes the template urgent. */
  priority?: Priority;
  isRepeating?: boolean;
  isTemplate?: boolean;
  isActive?: boolean;
  templateName?: string | null;
  repeatPattern?: RepeatPattern;
  /** 1 to 30, default 1. */
  repeatInterval?: number | null;
  repeatStartDate?: string | null;
  repeatEndDate?: string | null;
  daysOfWeek?: (string | number)[];
  /** HH:MM list; the repeating-task payload may send one scheduledTime instead. */
  scheduledTimes?: string[];
  scheduledTime?: string;
  timeNotes?: Record<string, string> | null;
  estimatedDuration?: number | null;
  imageUrl?: string | null;
}

/** POST /api/repeating-tasks: the same fields with the recipient in the body. */
export interface RepeatingTaskInput extends TaskTemplateInput {
  childId: string;
}

/** 201 answer of both creation routes: the template and the occurrences created for today. */
export interface CreatedTemplate {
  template: TaskTemplate;
  tasks: Task[];
}

/** POST /api/children/{childId}/tasks/bulk: the task review dialog's approve. */
export interface BulkTasksInput {
  tasks: (Pick<ParsedScheduleTask, 'time' | 'name'> & {
    /** A schedule-text category, or any task category. */
    category: string;
    dosage?: string | null;
    description?: string | null;
    isUrgent?: boolean;
    priority?: Priority;
    /** The product's strength ("100 mg/mL"), kept on the medication beside its dose. */
    strength?: string | null;
    /** This task's first day (a taper step); default the batch's startDate. */
    startDate?: string | null;
    /** This task's last day ("for 10 days", a taper step); default the batch's endDate. */
    endDate?: string | null;
    /** This task's days (lowercase names or 0..6); default the batch's daysOfWeek. */
    daysOfWeek?: (string | number)[] | null;
    /** Every N days (1 to 30) from its start; default 1. */
    repeatInterval?: number | null;
    /** A flagged row not yet confirmed by the caregiver: refused (400) until it is. */
    needsReview?: boolean;
  })[];
  /** Default today (the care team's date). */
  startDate?: string | null;
  /** Default 365 days after the start. */
  endDate?: string | null;
  /** Default all seven days. */
  daysOfWeek?: (string | number)[];
  /**
   * Medications listed but not scheduled (as needed): each is found among the recipient's
   * medications by name (case and spacing ignored) or added, like those of the scheduled tasks.
   */
  medications?: BulkMedicationInput[];
}

/** A medication of the reviewed text that is kept without a schedule. */
export interface BulkMedicationInput {
  name: string;
  dosage?: string | null;
  strength?: string | null;
  instructions?: string | null;
}

export interface CreatedBulkTasks {
  templates: TaskTemplate[];
  tasks: Task[];
  /** The medications the tasks are linked to and the listed ones, found or added, each once. */
  medications: Medication[];
}

/** At most this many reviewed tasks, and as many listed medications, in one approve. */
export const BULK_TASKS_MAX = 100;
export const BULK_MEDICATIONS_MAX = 100;

export const TEMPLATE_MESSAGES = {
  timesRequired: TASK_MESSAGES.timesRequired,
  templateNameRequired: 'Please provide a name for the template.',
  nameRequired: TASK_MESSAGES.nameRequired,
  categoryRequired: TASK_MESSAGES.categoryRequired,
  unknownCategory: TASK_MESSAGES.unknownCategory,
  unknownPriority: TASK_MESSAGES.unknownPriority,
  invalidTime: TASK_MESSAGES.invalidTime,
  daysRequired: 'Please select at least one repeat day.',
  unknownDay: 'Days of the week must be day names (sunday to saturday) or numbers 0 to 6.',
  invalidDate: TASK_MESSAGES.invalidDate,
  endBeforeStart: 'The end date must not be before the start date.',
  intervalRange: 'Repeat interval must be from 1 to 30.',
  estimatedDuration: 'Estimated duration must be at least 1 minute.',
  estimatedDurationMax: `Estimated duration must be at most ${INT4_MAX} minutes.`,
  medicationNotFound: TASK_MESSAGES.medicationNotFound,
  unknownPattern: 'Repeat pattern must be daily, weekly or custom.',
  tasksRequired: 'No tasks found. Add some tasks manually.',
  medicationsMax: `A schedule text has at most ${BULK_MEDICATIONS_MAX} medications that are not scheduled.`,
  needsReview: 'A flagged task must be confirmed or edited before it is created.',
} as const;

/** PUT /api/repeating-tasks/{templateId}: fields not sent keep their current value. */
export interface RepeatingTaskChangeInput extends Partial<TaskTemplateInput> {
  /** yyyy-mm-dd, today or later (the care team's date): occurrences from this date follow the change. */
  effectiveFrom: string;
}

/** DELETE /api/repeating-tasks/{templateId}. */
export interface StopRepeatingTaskInput {
  reason: string;
}

export const REPEATING_MESSAGES = {
  notFound: 'Repeating schedule not found',
  stopped: 'This repeating schedule has been stopped and can no longer be changed.',
  effectiveFromRequired: 'Please choose the date the change starts.',
  effectiveFromPast: 'The change cannot start before today.',
  endBeforeEffectiveFrom: 'The end date must not be before the date the change starts.',
  reasonRequired: 'Please provide a reason for stopping this schedule.',
  reasonMax: 500,
  planned: 'This task is planned: it can be completed on its day.',
} as const;

/** Repeat defaults (spec section 9): a template ends 365 days after its start. */
export const TEMPLATE_DEFAULT_DAYS = 365;
