import { addDays, daysBetween, type BulkMedicationInput, type BulkTasksInput, type Priority } from '@carecircle/libs';
import {
  DAY_OPTIONS,
  withPriority,
  type ListedReviewItem,
  type ReviewSchedule,
  type ReviewTask,
  type RoutineTaskCategory,
} from './recipient-setup';

/**
 * Pure rules of the review dialog's regimens (issue 21): each row's own days, interval and dates
 * over the review's Schedule Settings, the words that show them, the row editor, the flags that hold
 * Create back, and the bulk-create request that saves exactly what was reviewed.
 */

/** What a row repeats on once the review's Schedule Settings fill in what the row does not say. */
export interface RowRegimen {
  /** yyyy-mm-dd ('' while the review has no Start Date). */
  startDate: string;
  /** yyyy-mm-dd, or null for ongoing. */
  endDate: string | null;
  /** 0 = Sunday .. 6. */
  days: number[];
  repeatInterval: number;
}

export function rowRegimen(task: ReviewTask, schedule: ReviewSchedule): RowRegimen {
  const from = (offset: number | undefined) => (offset !== undefined && schedule.startDate ? addDays(schedule.startDate, offset) : null);
  return {
    startDate: from(task.startOffset) ?? schedule.startDate,
    endDate: from(task.endOffset) ?? (schedule.endDate || null),
    days: task.daysOfWeek ?? schedule.days,
    repeatInterval: task.repeatInterval ?? 1,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03-04' -> 'Mar 4'; the year is added when it is not `referenceYear`'s. */
export function shortDate(date: string, referenceYear?: string): string {
  const [year, month, day] = date.split('-');
  const words = `${MONTHS[Number(month) - 1]} ${Number(day)}`;
  return referenceYear === undefined || referenceYear === year ? words : `${words}, ${year}`;
}

/** 'Mon, Wed, Fri' (Sunday first, as the checkboxes), or 'Every day'. */
export function dayWords(days: readonly number[]): string {
  if (days.length === DAY_OPTIONS.length) return 'Every day';
  return DAY_OPTIONS.filter((day) => days.includes(day.value))
    .map((day) => day.label)
    .join(', ');
}

/**
 * The row's own regimen in plain words, e.g. ['Mon, Wed, Fri'], ['Every 2 days'], ['From Mar 7 to
 * Mar 9'] or ['Until Mar 6']; what the Schedule Settings decide is not repeated on each row.
 */
export function regimenWords(task: ReviewTask, schedule: ReviewSchedule): string[] {
  const words: string[] = [];
  if (task.daysOfWeek) words.push(dayWords(task.daysOfWeek));
  if (task.repeatInterval && task.repeatInterval > 1) words.push(`Every ${task.repeatInterval} days`);
  if (!schedule.startDate) return words;
  const { startDate, endDate } = rowRegimen(task, schedule);
  const year = schedule.startDate.slice(0, 4);
  const ownStart = task.startOffset !== undefined && task.startOffset !== 0;
  if (task.endOffset !== undefined && endDate) {
    words.push(ownStart ? `From ${shortDate(startDate, year)} to ${shortDate(endDate, year)}` : `Until ${shortDate(endDate, year)}`);
  } else if (ownStart) {
    words.push(`From ${shortDate(startDate, year)}`);
  }
  return words;
}

/** A line the parser could not fully read, or a dose without a name: held back until the caregiver looks. */
export const isFlagged = (task: Pick<ReviewTask, 'needsReview' | 'needsName'>) => task.needsReview === true || task.needsName === true;

/** 'Confirm': the caregiver read the line and it is right as shown (a row without a name still needs one). */
export function confirmRow(task: ReviewTask): ReviewTask {
  return { ...task, needsReview: false };
}

/** The row editor's fields: the row as shown, its regimen filled in from the Schedule Settings. */
export interface RowEditValues {
  name: string;
  time: string;
  category: RoutineTaskCategory;
  dosage: string;
  strength: string;
  description: string;
  priority: Priority;
  isUrgent: boolean;
  days: number[];
  repeatInterval: number | null;
  /** yyyy-mm-dd, or '' for the review's. */
  startDate: string;
  endDate: string;
}

export function editValuesOf(task: ReviewTask, schedule: ReviewSchedule): RowEditValues {
  const regimen = rowRegimen(task, schedule);
  return {
    name: task.name,
    time: task.time,
    category: task.category,
    dosage: task.dosage,
    strength: task.strength,
    description: task.description,
    priority: task.priority,
    isUrgent: task.isUrgent,
    days: regimen.days,
    repeatInterval: regimen.repeatInterval,
    startDate: regimen.startDate,
    endDate: regimen.endDate ?? '',
  };
}

export const INTERVAL_MAX = 30;

/** Repeat interval 1 to 30; anything not a whole number of days is 1 (spec section 5). */
export function intervalOf(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, INTERVAL_MAX) : 1;
}

const sameDays = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((day) => b.includes(day));

/**
 * Saving the row editor. A regimen field becomes the row's own when the row had it already or the
 * caregiver changed it; otherwise the Schedule Settings keep deciding it. Saving clears the flags:
 * editing is reviewing.
 */
export function applyRowEdit(task: ReviewTask, values: RowEditValues, schedule: ReviewSchedule): ReviewTask {
  const shown = editValuesOf(task, schedule);
  const anchor = schedule.startDate;
  const own = (date: string, shownDate: string, had: number | undefined) =>
    anchor && date && (had !== undefined || date !== shownDate) ? daysBetween(anchor, date) : undefined;
  const days = [...new Set(values.days)].sort((a, b) => a - b);
  const interval = intervalOf(values.repeatInterval);
  const saved: ReviewTask = {
    ...withPriority({ key: task.key, isUrgent: values.isUrgent, priority: task.priority }, values.priority),
    name: values.name.trim(),
    time: values.time,
    category: values.category,
    dosage: (values.dosage ?? '').trim(),
    strength: (values.strength ?? '').trim(),
    description: (values.description ?? '').trim(),
  };
  if (task.sourceText) saved.sourceText = task.sourceText;
  if (task.daysOfWeek !== undefined || !sameDays(days, shown.days)) saved.daysOfWeek = days;
  if (interval > 1) saved.repeatInterval = interval;
  const startOffset = own(values.startDate, shown.startDate, task.startOffset);
  const endOffset = own(values.endDate, shown.endDate, task.endOffset);
  if (startOffset !== undefined) saved.startOffset = startOffset;
  if (endOffset !== undefined) saved.endOffset = endOffset;
  return saved;
}

/** Why 'Create N Task(s)' is disabled, said beside it; null when it may be pressed. */
export function reviewBlocker(tasks: ReviewTask[], schedule: ReviewSchedule, editing: boolean): string | null {
  if (editing) return 'Save or cancel the task you are editing first.';
  if (tasks.some((task) => task.name.trim() === '')) return 'Give every task that needs a name a name first.';
  const flagged = tasks.filter(isFlagged).length;
  if (flagged === 1) return 'Check the flagged line, then confirm or edit it.';
  if (flagged > 1) return `Check the ${flagged} flagged lines, then confirm or edit each.`;
  if (!schedule.startDate) return 'Choose a start date.';
  if (schedule.endDate !== '' && schedule.endDate < schedule.startDate) return 'The end date must not be before the start date.';
  if (schedule.days.length === 0) return 'Choose at least one day to repeat on.';
  const reversed = tasks.find((task) => {
    const { startDate, endDate } = rowRegimen(task, schedule);
    return endDate !== null && endDate < startDate;
  });
  if (reversed) return `${reversed.name} ends before it starts: edit its dates.`;
  return null;
}

/** The ticked listed items with a name and a dose, once per name; as-needed ones say so in their instructions. */
export function listedMedications(listed: ListedReviewItem[]): BulkMedicationInput[] {
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  const seen = new Set<string>();
  const out: BulkMedicationInput[] = [];
  for (const item of listed) {
    if (!item.saveAsMedication || item.name.trim() === '' || item.dosage.trim() === '' || seen.has(key(item.name))) continue;
    seen.add(key(item.name));
    const medication: BulkMedicationInput = { name: item.name.trim(), dosage: item.dosage.trim() };
    if (item.strength?.trim()) medication.strength = item.strength.trim();
    const instructions = [item.reason === 'as needed' ? 'As needed' : '', item.description.trim()].filter(Boolean).join(', ');
    if (instructions) medication.instructions = instructions;
    out.push(medication);
  }
  return out;
}

/** Exactly what was reviewed: each row with its resolved dates, days and interval. */
export function bulkTasksOf(tasks: ReviewTask[], listed: ListedReviewItem[], schedule: ReviewSchedule): BulkTasksInput {
  const medications = listedMedications(listed);
  return {
    tasks: tasks.map((task) => {
      const regimen = rowRegimen(task, schedule);
      return {
        time: task.time,
        name: task.name.trim(),
        category: task.category,
        dosage: task.dosage.trim() || null,
        strength: task.strength.trim() || null,
        description: task.description.trim() || null,
        isUrgent: task.isUrgent,
        priority: task.priority,
        startDate: regimen.startDate,
        endDate: regimen.endDate,
        daysOfWeek: regimen.days,
        repeatInterval: regimen.repeatInterval,
      };
    }),
    startDate: schedule.startDate,
    endDate: schedule.endDate || null,
    daysOfWeek: schedule.days,
    ...(medications.length > 0 ? { medications } : {}),
  };
}
