import {
  addDays,
  DAY_NAMES,
  daysBetween,
  type ListedScheduleItem,
  type ParsedSchedule,
  type ParsedScheduleTask,
  type Priority,
} from '@carecircle/libs';

/**
 * Pure rules of the settings add-recipient flow (spec document 1, section 2; document 2, sections
 * 3, 4, 5 and 9): routine tasks, the review dialog's rows and schedule, age groups.
 */

/** The routine-task categories, in the spec's order. */
export const ROUTINE_TASK_CATEGORIES = [
  'therapy_session',
  'appointment',
  'personal_care',
  'catheterization',
  'medication',
  'medical_other',
  'daily_other',
  'hygiene_care',
  'other',
] as const;
export type RoutineTaskCategory = (typeof ROUTINE_TASK_CATEGORIES)[number];

/**
 * The category a new routine task starts with and returns to after one is added. The spec's reset
 * value 'therapy' is not in the list (a defect, DESIGN.md): the closest listed category is used.
 */
export const DEFAULT_ROUTINE_CATEGORY: RoutineTaskCategory = 'therapy_session';
export const DEFAULT_PRIORITY: Priority = 'medium';
export const PRIORITY_OPTIONS: { value: Priority; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

/** One row of the review dialog: a parsed medication task or a routine task, editable until approved. */
export interface ReviewTask {
  key: string;
  /** HH:MM, 24 hours. */
  time: string;
  name: string;
  category: RoutineTaskCategory;
  dosage: string;
  /** The product's strength ("100 mg/mL"), shown beside the dose, never as it. */
  strength: string;
  /** Leftover words of the line ("for drooling"): a note, never a name. */
  description: string;
  isUrgent: boolean;
  priority: Priority;
  /** The parser found a dose but no name: the row says "needs a name" until one is given. */
  needsName?: boolean;
  /** The parser could not read the whole line: flagged, beside sourceText, until confirmed or edited. */
  needsReview?: boolean;
  /** The pasted line the row came from. */
  sourceText?: string;
  /** The row's own repeat days (0 = Sunday .. 6); absent: the review's Repeat on Days. */
  daysOfWeek?: number[];
  /** Every N days (1 to 30); absent: every day. */
  repeatInterval?: number;
  /**
   * The row's own first and last day as days after the review's Start Date, so that moving the Start
   * Date moves them with it (a taper keeps its steps consecutive); absent: the review's dates.
   */
  startOffset?: number;
  endOffset?: number;
}

export type RoutineTask = Omit<ReviewTask, 'dosage' | 'strength'>;

/** An item of the schedule listed but not scheduled: as needed, or written without a time. */
export interface ListedReviewItem extends ListedScheduleItem {
  key: string;
  reason: 'as needed' | 'no time given';
  /** Ticked: saved as the recipient's medication on approve. */
  saveAsMedication: boolean;
}

let nextKey = 0;
export const newTaskKey = () => `task-${++nextKey}`;

/** Priority high makes a task urgent; lowering the priority leaves urgency as it was (spec section 4). */
export function withPriority<T extends { priority: Priority; isUrgent: boolean }>(task: T, priority: Priority): T {
  return { ...task, priority, isUrgent: priority === 'high' ? true : task.isUrgent };
}

/** The parser's 'therapy' is not a task category: it is a therapy session (as the server reads it). */
function reviewCategory(category: string): RoutineTaskCategory {
  if (category === 'therapy') return 'therapy_session';
  return (ROUTINE_TASK_CATEGORIES as readonly string[]).includes(category) ? (category as RoutineTaskCategory) : 'other';
}

/** Lowercase day names as 0 (Sunday) .. 6, sorted; unknown names are left out. */
export function dayNumbers(names: readonly string[]): number[] {
  const numbers = names.map((name) => (DAY_NAMES as readonly string[]).indexOf(name.toLowerCase())).filter((day) => day >= 0);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/**
 * The review's rows: parsed tasks first, then routine ones. A parsed task's dates were computed from
 * `parsedFrom` (the startDate sent with the parse); each row keeps them as offsets from it.
 */
export function reviewRowsOf(parsed: ParsedScheduleTask[], routine: RoutineTask[], parsedFrom?: string): ReviewTask[] {
  const offset = (date: string | undefined) => (date && parsedFrom ? daysBetween(parsedFrom, date) : undefined);
  return [
    ...parsed.map((task): ReviewTask => {
      const row: ReviewTask = {
        key: newTaskKey(),
        time: task.time,
        name: task.name,
        category: reviewCategory(task.category),
        dosage: task.dosage,
        strength: task.strength ?? '',
        description: task.description,
        isUrgent: task.isUrgent,
        priority: task.priority,
      };
      if (task.needsName) row.needsName = true;
      if (task.needsReview) row.needsReview = true;
      if (task.sourceText) row.sourceText = task.sourceText;
      if (task.daysOfWeek) row.daysOfWeek = dayNumbers(task.daysOfWeek);
      if (task.repeatInterval && task.repeatInterval > 1) row.repeatInterval = task.repeatInterval;
      const startOffset = offset(task.startDate) ?? (task.endDate && parsedFrom ? 0 : undefined);
      const endOffset = offset(task.endDate);
      if (startOffset !== undefined) row.startOffset = startOffset;
      if (endOffset !== undefined) row.endOffset = endOffset;
      return row;
    }),
    ...routine.map((task) => ({ ...task, key: newTaskKey(), dosage: '', strength: '' })),
  ];
}

/** A listed medication with a name and a dose is saved as a medication unless it is flagged: on by default. */
export function listedItemsOf(parsed: Pick<ParsedSchedule, 'asNeeded' | 'unscheduled'>): ListedReviewItem[] {
  const listed = (item: ListedScheduleItem, reason: ListedReviewItem['reason']) => ({
    ...item,
    key: newTaskKey(),
    reason,
    saveAsMedication: !item.needsName && !item.needsReview && item.category === 'medication' && item.dosage.trim() !== '',
  });
  return [...parsed.asNeeded.map((item) => listed(item, 'as needed')), ...parsed.unscheduled.map((item) => listed(item, 'no time given'))];
}

/** 'Add Another Task': 09:00, 'New Task' (spec section 2). */
export function anotherTask(): ReviewTask {
  return {
    key: newTaskKey(),
    time: '09:00',
    name: 'New Task',
    category: 'other',
    dosage: '',
    description: '',
    strength: '',
    isUrgent: false,
    priority: DEFAULT_PRIORITY,
  };
}

/** Rows grouped by time, earliest first; rows keep their order within a time. */
export function groupByTime(tasks: ReviewTask[]): { time: string; tasks: ReviewTask[] }[] {
  const groups = new Map<string, ReviewTask[]>();
  for (const task of [...tasks].sort((a, b) => a.time.localeCompare(b.time))) {
    groups.set(task.time, [...(groups.get(task.time) ?? []), task]);
  }
  return [...groups].map(([time, rows]) => ({ time, tasks: rows }));
}

/** Repeat days of the schedule-text flow: 0 = Sunday .. 6 = Saturday. */
export const DAY_OPTIONS = [
  { value: 0, label: 'Sun', name: 'Sunday' },
  { value: 1, label: 'Mon', name: 'Monday' },
  { value: 2, label: 'Tue', name: 'Tuesday' },
  { value: 3, label: 'Wed', name: 'Wednesday' },
  { value: 4, label: 'Thu', name: 'Thursday' },
  { value: 5, label: 'Fri', name: 'Friday' },
  { value: 6, label: 'Sat', name: 'Saturday' },
] as const;
export const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
export const WEEKDAYS_ONLY = [1, 2, 3, 4, 5];
/** The schedule-text flow ends 365 days after the start (spec section 9). */
export const SCHEDULE_DEFAULT_DAYS = 365;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The review's Schedule Settings, for the rows without their own days or dates. */
export interface ReviewSchedule {
  /** yyyy-mm-dd; rows' own dates are counted from it. */
  startDate: string;
  /** yyyy-mm-dd, or '' for ongoing. */
  endDate: string;
  /** 0 = Sunday .. 6. */
  days: number[];
}

/** The review's Schedule Settings: from the start (today by default), 365 days, every day. */
export function defaultSchedule(startDate: string = todayIso()): ReviewSchedule {
  return { startDate, endDate: addDays(startDate, SCHEDULE_DEFAULT_DAYS), days: [...EVERY_DAY] };
}

/** The browser's calendar date, yyyy-mm-dd. */
export function todayIso(today: Date = new Date()): string {
  return isoDate(today);
}

/** 'HH:MM' -> '8:00 AM'. */
export function formatClockTime(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The schedule-text flow's age groups: under 16 Child, 16 or over Adult, unknown Care Recipient. */
export const ADULT_AGE = 16;
export function ageGroupLabel(age: number | null): 'Child' | 'Adult' | 'Care Recipient' {
  if (age === null) return 'Care Recipient';
  return age < ADULT_AGE ? 'Child' : 'Adult';
}

/** The first word of a full name, for 'Success!' / '{first name} has been added successfully!'. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
