import { addDays, DAY_NAMES, DEFAULT_PRIORITY, DEFAULT_TASK_TIME, REPEATING_TASK_DEFAULT_DAYS, TEMPLATE_DEFAULT_DAYS, categoryGroupOf } from '@carecircle/libs';
import type { CategoryExtras, DayName, Priority, RepeatPattern, Task, TaskCategory } from '@carecircle/libs';

/** What the task form holds (task-form.tsx): a one-off or repeating daily task, or a template. */
export type Mode = 'daily' | 'template';

export interface TaskFormValues {
  mode: Mode;
  name: string;
  group: string;
  category: TaskCategory | '';
  medicationId: string;
  scheduledTimes: string[];
  repeat: boolean;
  repeatPattern: RepeatPattern;
  repeatInterval: string;
  daysOfWeek: DayName[];
  repeatStartDate: string;
  repeatEndDate: string;
  templateName: string;
  estimatedDuration: string;
  description: string;
  priority: Priority;
  extras: CategoryExtras;
}

/** The fields a server's per-field error (400 `errors`) is shown under. */
export const TASK_FORM_FIELDS = [
  'name',
  'category',
  'medicationId',
  'scheduledTimes',
  'repeatPattern',
  'repeatInterval',
  'daysOfWeek',
  'repeatStartDate',
  'repeatEndDate',
  'templateName',
  'estimatedDuration',
  'description',
  'priority',
];

/** The default end of a repeat starting on `start`: a template's runs longer than a repeating task's. */
export const endDateFor = (start: string, mode: Mode) =>
  addDays(start, mode === 'template' ? TEMPLATE_DEFAULT_DAYS : REPEATING_TASK_DEFAULT_DAYS);

/** A new task's defaults, or the task being edited as the form shows it. */
export function initialTaskFormValues(task: Task | undefined, today: string): TaskFormValues {
  return {
    mode: 'daily',
    name: task?.name ?? '',
    group: task ? (categoryGroupOf(task.category)?.key ?? '') : '',
    category: task?.category ?? '',
    medicationId: task?.medicationId ?? 'none',
    scheduledTimes: [task?.localTime ?? DEFAULT_TASK_TIME],
    repeat: false,
    repeatPattern: 'daily',
    repeatInterval: '1',
    daysOfWeek: [...DAY_NAMES],
    repeatStartDate: today,
    repeatEndDate: endDateFor(today, 'daily'),
    templateName: '',
    estimatedDuration: '',
    description: task?.description ?? '',
    priority: task?.priority ?? DEFAULT_PRIORITY,
    extras: {},
  };
}
