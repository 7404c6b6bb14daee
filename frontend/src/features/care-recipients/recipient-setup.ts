import { scheduleEndDate, type ListedScheduleItem, type Medication, type ParsedSchedule, type Priority } from '@carecircle/libs';

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

export const CATEGORY_LABELS: Record<RoutineTaskCategory, string> = {
  therapy_session: 'Therapy Session',
  appointment: 'Appointment',
  personal_care: 'Personal Care',
  catheterization: 'Catheterization',
  medication: 'Medication',
  medical_other: 'Medical (Other)',
  daily_other: 'Daily Routine (Other)',
  hygiene_care: 'Hygiene Care',
  other: 'Other',
};

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
  description: string;
  isUrgent: boolean;
  priority: Priority;
  /** The parser found a dose but no name: the row says "needs a name" until one is given. */
  needsName?: boolean;
  /** "for 10 days": the task ends that many days after the review's start date, the start included. */
  durationDays?: number;
  /** A medication row also creates the recipient's medication (name, dosage) on approve. */
  saveAsMedication?: boolean;
}

export type RoutineTask = Omit<ReviewTask, 'dosage'>;

/** An item of the schedule listed but not scheduled: as needed, or written without a time. */
export interface ListedReviewItem extends ListedScheduleItem {
  key: string;
  reason: 'as needed' | 'no time given';
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

/** A parsed medication with a dose can be saved as the recipient's medication: on by default. */
const canSaveAsMedication = (item: { category: string; dosage: string; needsName?: boolean }) =>
  item.category === 'medication' && item.dosage.trim() !== '';

export function reviewRowsOf(parsed: ParsedSchedule['tasks'], routine: RoutineTask[]): ReviewTask[] {
  return [
    ...parsed.map((task) => ({
      key: newTaskKey(),
      time: task.time,
      name: task.name,
      category: reviewCategory(task.category),
      dosage: task.dosage,
      description: task.description,
      isUrgent: task.isUrgent,
      priority: task.priority,
      needsName: task.needsName,
      durationDays: task.durationDays,
      saveAsMedication: canSaveAsMedication(task),
    })),
    ...routine.map((task) => ({ ...task, key: newTaskKey(), dosage: '' })),
  ];
}

export function listedItemsOf(parsed: Pick<ParsedSchedule, 'asNeeded' | 'unscheduled'>): ListedReviewItem[] {
  const listed = (item: ListedScheduleItem, reason: ListedReviewItem['reason']) => ({
    ...item,
    key: newTaskKey(),
    reason,
    saveAsMedication: !item.needsName && canSaveAsMedication(item),
  });
  return [...parsed.asNeeded.map((item) => listed(item, 'as needed')), ...parsed.unscheduled.map((item) => listed(item, 'no time given'))];
}

/** A task's last day: its own ("for 10 days") when that comes before the review's end date. */
export function taskEndDate(task: Pick<ReviewTask, 'durationDays'>, schedule: { startDate: string; endDate: string }): string | null {
  const own = task.durationDays && schedule.startDate ? scheduleEndDate(schedule.startDate, task.durationDays) : null;
  if (own && (!schedule.endDate || own < schedule.endDate)) return own;
  return schedule.endDate || null;
}

/**
 * The medications to create on approve: one per name (case and spacing ignored), none whose name
 * the recipient already has, as-needed ones with the instruction "As needed".
 */
export function medicationsToSave(
  rows: Pick<ReviewTask, 'name' | 'dosage' | 'category' | 'saveAsMedication'>[],
  listed: Pick<ListedReviewItem, 'name' | 'dosage' | 'reason' | 'saveAsMedication'>[],
  existing: Pick<Medication, 'name'>[],
): { name: string; dosage: string; instructions: string | null }[] {
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  const seen = new Set(existing.map((medication) => key(medication.name)));
  const wanted = [
    ...rows.filter((row) => row.category === 'medication').map((row) => ({ ...row, instructions: null })),
    ...listed.map((item) => ({ ...item, instructions: item.reason === 'as needed' ? 'As needed' : null })),
  ];
  const out: { name: string; dosage: string; instructions: string | null }[] = [];
  for (const item of wanted) {
    if (!item.saveAsMedication || item.name.trim() === '' || item.dosage.trim() === '' || seen.has(key(item.name))) continue;
    seen.add(key(item.name));
    out.push({ name: item.name.trim(), dosage: item.dosage.trim(), instructions: item.instructions });
  }
  return out;
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

/** Start today, end 365 days later, every day. */
export function defaultSchedule(today: Date = new Date()): { startDate: string; endDate: string; days: number[] } {
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + SCHEDULE_DEFAULT_DAYS);
  return { startDate: isoDate(today), endDate: isoDate(end), days: [...EVERY_DAY] };
}

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
