/**
 * Schedule-text parsing (spec document 2, sections 3 and 5): turns what a caregiver pastes (their own
 * notes, a pharmacy label, a discharge letter) into tasks for the review dialog. Pure and
 * dependency-free: the back end and the browser both run it. The grammar is in docs/scheduling.md
 * ("Schedule parser"); in short:
 *
 * - The text is cut into segments at line breaks, commas, semicolons, sentence ends, " / " and a
 *   taper's "then" (never inside brackets or a list of times or days); a colon after a schedule
 *   phrase ("8am:", "Morning:", "Weekends only:", "Week 2:") ends a header segment that opens a block.
 * - In each segment, schedule phrases are found first and masked: clock times, time keywords, meals,
 *   "twice a day" / BID, "every 4 hours from 6am to 10pm", days of the week, "every other day",
 *   "weekly", "for 10 days", "Days 1-3", "as needed".
 * - In what is left, strengths ("100 mg/mL") and doses (number + unit) are found; each is a
 *   medication named by the words before it (or after it: "2.5 ml Keppra"), or more of the one
 *   before; a segment without either is one task named from its words.
 * - An item takes its own schedule phrases; else the block opened by a time right before an item or
 *   a header; else the phrase of a later item in the same segment ("Keppra 250mg and Oxybutynin
 *   0.5 ml at 8am"); else the block of earlier segments. Days, intervals and spans are taken kind by
 *   kind. A part after "then" is the next step of a taper.
 * - Whatever the parser cannot read whole is flagged (needsReview, with its line), never guessed.
 */
import type { Priority } from '../schema';
import { DAY_NAMES, type DayName } from '../scheduling';
import { DATE_MAX } from '../validation';
import { addDays, daysBetween } from './local-time';
import { GENERIC_NAMES, readItems, splitSegments, type Item, type ScheduleTaskCategory } from './schedule-items';
import { resolve, type When } from './schedule-phrases';

export { clockTimeTo24h, normalizeTimeKeyword } from './schedule-phrases';
export { SCHEDULE_TASK_CATEGORIES, type ScheduleTaskCategory } from './schedule-items';

/** A parsed item that is not scheduled: an as-needed (PRN) medication, or one written without a time. */
export interface ListedScheduleItem {
  /** '' when needsName. */
  name: string;
  /** The parser found a dose but no name: the review asks for one (the name is never taken from leftover text). */
  needsName: boolean;
  category: ScheduleTaskCategory;
  /** Number, space, unit ("5 ml", "400 IU", "2 puffs"), the words one..five as written, or ''. */
  dosage: string;
  /**
   * Notes: the words of the item's text that are neither its name, dose, strength nor schedule
   * ("for drooling", "shake well", "then stop"), else ''. Never a task name.
   */
  description: string;
  /** The product's strength ("100 mg/mL", "2 mg/5 mL", "500 mg" of "500 mg tab: 1 tab"), shown as such; never the dose. */
  strength?: string;
  /**
   * The parser could not read all of the line (a word it does not know where a dose or schedule
   * belongs, an ambiguous number): the review shows sourceText beside it and will not create it
   * until the caregiver confirms or edits it.
   */
  needsReview?: boolean;
  /** The line of the pasted text the item came from (always set with needsReview). */
  sourceText?: string;
}

/** A parsed or edited task of the schedule-text flow (spec section 3), plus what the review needs. */
export interface ParsedScheduleTask extends ListedScheduleItem {
  /** HH:MM, 24 hours. */
  time: string;
  isUrgent: boolean;
  priority: Priority;
  /** Lowercase day names it repeats on ("Mon/Wed/Fri", "weekends"); absent means every day. */
  daysOfWeek?: DayName[];
  /** Every N days ("every other day" is 2), counted from startDate; absent means 1 (daily). */
  repeatInterval?: number;
  /**
   * yyyy-mm-dd, from the parse request's startDate: a step of a taper starts after the one before;
   * set whenever endDate is, or when the interval needs a first day.
   */
  startDate?: string;
  /** yyyy-mm-dd, the last day ("x 3 days", "for 1 week", each taper step); absent means ongoing. */
  endDate?: string;
}

export interface ParsedSchedule {
  tasks: ParsedScheduleTask[];
  /** "as needed" / PRN items: listed, not scheduled. */
  asNeeded: ListedScheduleItem[];
  /** Dosed medications with no time anywhere near them: listed, not scheduled. */
  unscheduled: ListedScheduleItem[];
}

export interface ScheduleParseOptions {
  /** yyyy-mm-dd the schedule starts on; with it a duration gives each task an endDate. */
  startDate?: string;
}

export const SCHEDULE_PARSE_MESSAGES = {
  blankText: 'No Schedule Text: Please enter your medication schedule to parse.',
  noTimes: 'No valid times found. Please include times like "9:00am" or "12pm"',
  noTasks: 'No tasks could be created from the provided text',
  parseErrorPrefix: 'Parsing error: ',
  /** Not the spec's: the answer is bounded as every answer is (DESIGN, Bounds), like the bulk create it feeds. */
  tooMany: 'A schedule can make at most 100 tasks and list at most 100 other items at once. Please paste it in parts.',
} as const;
/** At most this many tasks, and this many as-needed and untimed items, in one parse (the bulk create's limits). */
export const SCHEDULE_PARSE_MAX_ITEMS = 100;
/** sourceText is the item's line, cut to this many characters: a flagged item never carries a whole pasted page. */
export const SCHEDULE_SOURCE_TEXT_MAX = 300;

export const SCHEDULE_PARSE_ERROR_CODES = {
  blankText: 'SCHEDULING.SCHEDULE_TEXT_BLANK',
  noTimes: 'SCHEDULING.SCHEDULE_NO_TIMES',
  noTasks: 'SCHEDULING.SCHEDULE_NO_TASKS',
  parseFailed: 'SCHEDULING.SCHEDULE_PARSE_FAILED',
  tooMany: 'SCHEDULING.SCHEDULE_TOO_MANY',
} as const;
export type ScheduleParseErrorCode = (typeof SCHEDULE_PARSE_ERROR_CODES)[keyof typeof SCHEDULE_PARSE_ERROR_CODES];

export class ScheduleParseError extends Error {
  constructor(readonly code: ScheduleParseErrorCode, message: string) {
    super(message);
    this.name = 'ScheduleParseError';
  }
}
/**
 * Parses schedule text into scheduled tasks (sorted by time, stable within a time) and the items
 * listed but not scheduled. Throws ScheduleParseError with the spec's message when the text is
 * blank, holds no time (and nothing as needed), or yields nothing.
 */
export function parseSchedule(text: string, options: ScheduleParseOptions = {}): ParsedSchedule {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.blankText, SCHEDULE_PARSE_MESSAGES.blankText);
  }
  const { items, sawTime } = readItems(splitSegments(text));
  const result: ParsedSchedule = { tasks: [], asNeeded: [], unscheduled: [] };
  const spans = new Map<Item, Span>();
  const tapered = new Set(items.flatMap((item) => (item.after ? [item.after] : [])));
  let anyTime = sawTime;
  for (const item of items) {
    const when = resolve(item.effective);
    const span = spanOf(item, when, spans);
    spans.set(item, span);
    anyTime ||= when.times.length > 0;
    const { repeat, doubt } = repeatOf(when, span, options.startDate, tapered.has(item) || item.after !== undefined);
    const listed = listedItem(item, item.doubt || when.conflict || span.doubt || doubt);
    // "give meds when needed" names no medication.
    if (when.asNeeded && !item.dosage && !item.strength && GENERIC_NAMES.has((item.name ?? '').toLowerCase())) continue;
    if (when.asNeeded) result.asNeeded.push(listed);
    else if (when.times.length === 0) {
      if (item.dosage || item.strength || item.afterATime) result.unscheduled.push(listed);
    } else {
      for (const time of when.times) result.tasks.push(scheduledTask(listed, time, repeat));
    }
  }
  if (!anyTime && result.asNeeded.length === 0) {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.noTimes, SCHEDULE_PARSE_MESSAGES.noTimes);
  }
  if (result.tasks.length === 0 && result.asNeeded.length === 0) {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.noTasks, SCHEDULE_PARSE_MESSAGES.noTasks);
  }
  result.tasks = dedupe(result.tasks).sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  if (result.tasks.length > SCHEDULE_PARSE_MAX_ITEMS || result.asNeeded.length + result.unscheduled.length > SCHEDULE_PARSE_MAX_ITEMS) {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.tooMany, SCHEDULE_PARSE_MESSAGES.tooMany);
  }
  return result;
}

/** parseSchedule's scheduled tasks only. */
export function parseScheduleText(text: string, options: ScheduleParseOptions = {}): ParsedScheduleTask[] {
  return parseSchedule(text, options).tasks;
}

/**
 * Turns any failure into a ScheduleParseError: the parser's own errors pass through, anything
 * else becomes 'Parsing error: {message}'. The API and the dialog show error.message as is.
 */
export function explainScheduleParseFailure(error: unknown): ScheduleParseError {
  if (error instanceof ScheduleParseError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.parseFailed, SCHEDULE_PARSE_MESSAGES.parseErrorPrefix + message);
}

export type ScheduleParseResult =
  | ({ ok: true } & ParsedSchedule)
  | { ok: false; error: ScheduleParseError };

/** parseSchedule without throwing: callers show error.message and may switch on error.code. */
export function parseScheduleTextOrExplain(text: string, options: ScheduleParseOptions = {}): ScheduleParseResult {
  try {
    return { ok: true, ...parseSchedule(text, options) };
  } catch (error) {
    return { ok: false, error: explainScheduleParseFailure(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// Output

function listedItem(item: Item, needsReview: boolean): ListedScheduleItem {
  const name = item.name ?? '';
  const listed: ListedScheduleItem = {
    name,
    needsName: item.name === null,
    category: item.category,
    dosage: item.dosage,
    description: item.description === name ? '' : item.description,
  };
  if (item.strength) listed.strength = item.strength;
  if (needsReview) {
    listed.needsReview = true;
    listed.sourceText = item.source.length > SCHEDULE_SOURCE_TEXT_MAX ? `${item.source.slice(0, SCHEDULE_SOURCE_TEXT_MAX - 1)}…` : item.source;
  }
  return listed;
}

function scheduledTask(item: ListedScheduleItem, time: string, repeat: Repeat): ParsedScheduleTask {
  const isUrgent = item.category === 'medication'; // medication tasks are urgent by default
  return {
    time,
    ...item,
    isUrgent,
    priority: isUrgent ? 'high' : 'medium', // high when urgent, else the default medium
    ...repeat,
  };
}

type Repeat = Pick<ParsedScheduleTask, 'daysOfWeek' | 'repeatInterval' | 'startDate' | 'endDate'>;
/** Where an item's days lie, in days from the parse's start: a taper step starts after the step before. */
interface Span { start: number; days?: number; doubt: boolean }

function spanOf(item: Item, when: When, spans: Map<Item, Span>): Span {
  if (when.span) return { start: when.span.from, days: when.span.days, doubt: false };
  const previous = item.after ? spans.get(item.after) : undefined;
  if (!previous) return { start: 0, days: when.durationDays, doubt: false };
  // A step after an open-ended one cannot be placed: the review asks.
  if (previous.days === undefined) return { start: previous.start, days: when.durationDays, doubt: true };
  return { start: previous.start + previous.days, days: when.durationDays, doubt: previous.doubt };
}

/** The repetition a task carries (docs/scheduling.md): days, interval and, when it has a span, its dates. */
function repeatOf(when: When, span: Span, startDate: string | undefined, tapered: boolean): { repeat: Repeat; doubt: boolean } {
  const repeat: Repeat = {};
  let doubt = false;
  let days = when.days;
  if (when.perWeek !== undefined && (days?.length ?? 0) !== when.perWeek) {
    // Days that do not say which, or not as many as written: propose days spread from the start, and ask.
    doubt = true;
    if (!days && startDate) {
      const first = weekdayOf(startDate);
      days = [...new Set(Array.from({ length: when.perWeek }, (_, i) => (first + Math.floor((i * 7) / when.perWeek!)) % 7))].sort((a, b) => a - b);
    }
  }
  if (days) repeat.daysOfWeek = days.map((d) => DAY_NAMES[d]);
  if (when.interval) repeat.repeatInterval = when.interval;
  if (startDate && (span.days !== undefined || span.start > 0 || tapered || when.interval)) {
    const first = addDays(startDate, span.start);
    repeat.startDate = first < DATE_MAX ? first : DATE_MAX;
    if (span.days !== undefined) repeat.endDate = scheduleEndDate(repeat.startDate, span.days);
    doubt ||= first > DATE_MAX;
  }
  return { repeat, doubt };
}

const weekdayOf = (date: string): number => ((daysBetween('1970-01-04', date) % 7) + 7) % 7;

/** The last day of a schedule of `durationDays` days starting on `startDate` (never past DATE_MAX). */
export function scheduleEndDate(startDate: string, durationDays: number): string {
  const end = addDays(startDate, durationDays - 1);
  return end < DATE_MAX ? end : DATE_MAX;
}

function dedupe(tasks: ParsedScheduleTask[]): ParsedScheduleTask[] {
  const seen = new Set<string>();
  return tasks.filter((task) => {
    const key = `${task.time}|${task.name.toLowerCase()}|${task.dosage.toLowerCase()}|${task.needsName}|${task.startDate ?? ''}`;
    if (task.needsName || !seen.has(key)) {
      seen.add(key);
      return true;
    }
    return false;
  });
}

