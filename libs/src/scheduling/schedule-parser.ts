/**
 * Schedule-text parsing (spec document 2, sections 3 and 5): turns a caregiver's pasted schedule,
 * e.g. "8am Keppra 250mg and Oxybutynin 0.5 ml, 12pm cath, 9pm bedtime meds: melatonin one",
 * into tasks for the review dialog. Pure and dependency-free: the back end and the browser both run it.
 *
 * How the text is read:
 * - Times are clock times ("9am", "9:30 PM", "12pm") and the keywords morning, noon, evening, bedtime.
 *   Impossible clock times ("13pm", "9:75am", "0am") are not times and stay part of the text.
 *   A keyword right next to a clock time ("9pm bedtime", "Bedtime (9pm)") is one time: the clock wins.
 * - Each time opens a block that runs to the next time. Text before the first time belongs to no
 *   time and is ignored (a header such as "Maya's schedule:").
 * - A block that is empty or only "and" / "&" ("8am and 8pm: Keppra 250mg", "8am, noon, 6pm: cath")
 *   shares the next block's text, so each listed time gets the tasks.
 * - In a block, every dose (decimal + ml/mg, or one..five) with a usable name before it is a
 *   medication task; a block without any becomes one task named from its first 50 characters.
 */
import type { Priority } from '../schema';

export const SCHEDULE_TASK_CATEGORIES = [
  'medication', 'catheterization', 'therapy', 'appointment', 'personal_care',
] as const;
export type ScheduleTaskCategory = (typeof SCHEDULE_TASK_CATEGORIES)[number];

/** A parsed or edited task of the schedule-text flow (spec section 3). */
export interface ParsedScheduleTask {
  /** HH:MM, 24 hours. */
  time: string;
  name: string;
  category: ScheduleTaskCategory;
  /** The dose as written ("250mg", "0.5 ml", "one"), or '' when none. */
  dosage: string;
  /** The block's text when it says more than the name, else ''. */
  description: string;
  isUrgent: boolean;
  priority: Priority;
}

export const SCHEDULE_PARSE_MESSAGES = {
  blankText: 'No Schedule Text: Please enter your medication schedule to parse.',
  noTimes: 'No valid times found. Please include times like "9:00am" or "12pm"',
  noTasks: 'No tasks could be created from the provided text',
  parseErrorPrefix: 'Parsing error: ',
} as const;

export const SCHEDULE_PARSE_ERROR_CODES = {
  blankText: 'SCHEDULING.SCHEDULE_TEXT_BLANK',
  noTimes: 'SCHEDULING.SCHEDULE_NO_TIMES',
  noTasks: 'SCHEDULING.SCHEDULE_NO_TASKS',
  parseFailed: 'SCHEDULING.SCHEDULE_PARSE_FAILED',
} as const;
export type ScheduleParseErrorCode = (typeof SCHEDULE_PARSE_ERROR_CODES)[keyof typeof SCHEDULE_PARSE_ERROR_CODES];

export class ScheduleParseError extends Error {
  constructor(readonly code: ScheduleParseErrorCode, message: string) {
    super(message);
    this.name = 'ScheduleParseError';
  }
}

/** Time keywords and their clock times (spec sections 5 and 9). */
export const SCHEDULE_TIME_KEYWORDS = {
  morning: '08:00',
  noon: '12:00',
  evening: '18:00',
  bedtime: '21:00',
} as const;

/**
 * Category keywords, in precedence order: when a block holds words of several categories the first
 * listed here wins. This is the spec's own order, and it puts medication first on purpose: a missed
 * medication is the costliest mistake, and medication tasks are the urgent ones.
 */
export const SCHEDULE_CATEGORY_KEYWORDS: ReadonlyArray<readonly [ScheduleTaskCategory, readonly string[]]> = [
  ['medication', ['medicine', 'medication', 'med', 'meds']],
  ['catheterization', ['catheter', 'cath']],
  ['therapy', ['therapy', 'pt', 'ot', 'speech']],
  ['appointment', ['appointment', 'visit', 'doctor', 'clinic']],
  ['personal_care', ['feeding', 'bath', 'diaper', 'care']],
];
export const DEFAULT_SCHEDULE_CATEGORY: ScheduleTaskCategory = 'medication';

/** Task name fallback length (spec section 9). */
export const SCHEDULE_TASK_NAME_MAX = 50;

/** Names the spec discards outright. */
const DISCARDED_NAMES = ['at', 'and', 'with', 'the', 'ml'];
/**
 * Words that end the name window: the name is what follows the last of them ("bedtime meds
 * melatonin", "give Tylenol", "Keppra and Oxybutynin"). Includes the spec's leading 'medicine' /
 * 'medicines' and its discarded connectors.
 */
const NAME_LEAD_WORDS = new Set([
  'medicine', 'medicines', 'med', 'meds', 'medication', 'medications',
  'at', 'and', 'with', 'the', 'then', 'plus', 'give', 'take', 'for', 'of',
]);
/** A medication name is at most this many words right before its dose ("vitamin D", "fish oil"). */
const NAME_MAX_WORDS = 3;

// Hour 1-2 digits, optional :MM, optional single space, am/pm. The first group (the character
// before, or the start) stops "2.5am" or "13pm" from being read as "5am" / "3pm"; it stands in for
// a look-behind, which older Safari versions cannot parse.
const CLOCK_TIME = /(^|[^\w.:])(\d{1,2})(?::(\d{2}))?[ \t]?(am|pm)\b/gi;
const TIME_KEYWORD = /\b(morning|noon|evening|bedtime)\b/gi;
// A decimal with ml or mg (group 2, after a non-number character, group 1), or the words one to five (group 3).
const DOSE = /(^|[^\w.])((?:\d+(?:\.\d+)?|\.\d+)[ \t]*(?:ml|mg))\b|\b(one|two|three|four|five)\b/gi;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Reads "9am", "9:30 pm", "12PM" as HH:MM (24 h); 12pm stays 12, 12am becomes 00.
 * Returns null for anything else, including impossible times such as "13pm" or "9:75am".
 */
export function clockTimeTo24h(value: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?[ \t]?(am|pm)$/i.exec(value.trim());
  return match ? toHhMm(match[1], match[2], match[3]) : null;
}

/**
 * morning/noon/evening/bedtime -> 08:00/12:00/18:00/21:00; a valid HH:MM value is kept as is;
 * a 12-hour clock time is converted. Anything else gives null.
 */
export function normalizeTimeKeyword(value: string): string | null {
  const trimmed = value.trim();
  const keyword = trimmed.toLowerCase();
  if (keyword in SCHEDULE_TIME_KEYWORDS) return SCHEDULE_TIME_KEYWORDS[keyword as keyof typeof SCHEDULE_TIME_KEYWORDS];
  if (HH_MM.test(trimmed)) return trimmed;
  return clockTimeTo24h(trimmed);
}

/**
 * Parses schedule text into tasks sorted by time (stable within a time).
 * Throws ScheduleParseError with the spec's message when the text is blank, holds no time,
 * or yields no task.
 */
export function parseScheduleText(text: string): ParsedScheduleTask[] {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.blankText, SCHEDULE_PARSE_MESSAGES.blankText);
  }
  const markers = findTimeMarkers(text);
  if (markers.length === 0) {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.noTimes, SCHEDULE_PARSE_MESSAGES.noTimes);
  }

  const blockTexts = markers.map((marker, i) =>
    cleanBlockText(text.slice(marker.end, i + 1 < markers.length ? markers[i + 1].start : text.length)));
  // Walk backwards so a run of empty blocks ("8am, noon, 6pm: cath") all share the last one's text.
  for (let i = blockTexts.length - 2; i >= 0; i--) {
    if (/^(?:and|&|\s)*$/i.test(blockTexts[i])) blockTexts[i] = blockTexts[i + 1];
  }

  const tasks = markers.flatMap((marker, i) => tasksOfBlock(marker.time, blockTexts[i]));
  if (tasks.length === 0) {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.noTasks, SCHEDULE_PARSE_MESSAGES.noTasks);
  }
  // Array.prototype.sort is stable (ES2019), so tasks keep text order within a time.
  return tasks.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
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
  | { ok: true; tasks: ParsedScheduleTask[] }
  | { ok: false; error: ScheduleParseError };

/** parseScheduleText without throwing: callers show error.message and may switch on error.code. */
export function parseScheduleTextOrExplain(text: string): ScheduleParseResult {
  try {
    return { ok: true, tasks: parseScheduleText(text) };
  } catch (error) {
    return { ok: false, error: explainScheduleParseFailure(error) };
  }
}

interface TimeMarker { start: number; end: number; time: string; isClock: boolean }

function findTimeMarkers(text: string): TimeMarker[] {
  const found: TimeMarker[] = [];
  for (const m of text.matchAll(CLOCK_TIME)) {
    const time = toHhMm(m[2], m[3], m[4]);
    const start = m.index + m[1].length;
    if (time) found.push({ start, end: m.index + m[0].length, time, isClock: true });
  }
  for (const m of text.matchAll(TIME_KEYWORD)) {
    const time = SCHEDULE_TIME_KEYWORDS[m[1].toLowerCase() as keyof typeof SCHEDULE_TIME_KEYWORDS];
    found.push({ start: m.index, end: m.index + m[0].length, time, isClock: false });
  }
  found.sort((a, b) => a.start - b.start);

  // A keyword beside a clock time, separated only by spaces, colons, dashes or brackets, names the
  // same moment: "9pm bedtime" is 21:00 once, "7am (morning)" is 07:00, not 08:00.
  const merged: TimeMarker[] = [];
  for (const marker of found) {
    const previous = merged[merged.length - 1];
    if (previous && previous.isClock !== marker.isClock
      && /^[\s:()\-–—]*$/.test(text.slice(previous.end, marker.start))) {
      merged[merged.length - 1] = {
        start: previous.start,
        end: marker.end,
        time: previous.isClock ? previous.time : marker.time,
        isClock: true,
      };
    } else {
      merged.push(marker);
    }
  }
  return merged;
}

function toHhMm(hourText: string, minuteText: string | undefined, meridiem: string): string | null {
  const hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const isPm = meridiem.toLowerCase() === 'pm';
  const hour24 = hour === 12 ? (isPm ? 12 : 0) : isPm ? hour + 12 : hour;
  return `${pad(hour24)}:${pad(minute)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Trims whitespace, separators and dangling connectors ("Keppra 250mg at" before "12pm"). */
function cleanBlockText(raw: string): string {
  let text = raw.replace(/\s+/g, ' ');
  let previous;
  do {
    previous = text;
    text = text
      .replace(/^[\s,;:.()\-–—]+|[\s,;:.(\-–—]+$/g, '')
      .replace(/\s+(?:at|then|and)$/i, '');
  } while (text !== previous);
  return text;
}

function tasksOfBlock(time: string, text: string): ParsedScheduleTask[] {
  if (text === '') return [];
  const category = detectCategory(text);
  const medications = findMedications(text);
  if (medications.length > 0) {
    // A dose is the strongest signal there is: a dosed item is a medication even in a block whose
    // keywords say otherwise ("3pm speech therapy, Tylenol 5 ml").
    return medications.map(({ name, dosage }) => buildTask(time, name, 'medication', dosage, text));
  }
  return [buildTask(time, text.slice(0, SCHEDULE_TASK_NAME_MAX).trim(), category, '', text)];
}

function buildTask(
  time: string, name: string, category: ScheduleTaskCategory, dosage: string, blockText: string,
): ParsedScheduleTask {
  const isUrgent = category === 'medication'; // medication tasks are urgent by default
  return {
    time,
    name,
    category,
    dosage,
    description: blockText === name ? '' : blockText,
    isUrgent,
    priority: isUrgent ? 'high' : 'medium', // high when urgent, else the default medium
  };
}

/** Whole words, allowing plain inflections so "catheterization", "appointments", "baths" count. */
function detectCategory(text: string): ScheduleTaskCategory {
  const words = new Set(text.toLowerCase().split(/[^a-z]+/).filter(Boolean));
  const matches = (keyword: string) =>
    ['', 's', 'es', 'ing', 'ization'].some((suffix) => words.has(keyword + suffix));
  for (const [category, keywords] of SCHEDULE_CATEGORY_KEYWORDS) {
    if (keywords.some(matches)) return category;
  }
  return DEFAULT_SCHEDULE_CATEGORY;
}

function findMedications(text: string): { name: string; dosage: string }[] {
  const medications: { name: string; dosage: string }[] = [];
  let previousEnd = 0;
  for (const dose of text.matchAll(DOSE)) {
    const start = dose.index + (dose[1]?.length ?? 0);
    const name = nameBefore(text.slice(previousEnd, start));
    previousEnd = dose.index + dose[0].length;
    if (name) medications.push({ name, dosage: (dose[2] ?? dose[3]).trim() });
  }
  return medications;
}

/**
 * The name is the run of plain words right before the dose (at most NAME_MAX_WORDS, stopping at
 * punctuation or digits), after the last lead word, with stray "ml" removed. Too short or
 * connector-only names are discarded (null).
 */
function nameBefore(segment: string): string | null {
  const tokens = segment.replace(/[\s:=\-–—]+$/, '').split(/\s+/);
  const words: string[] = [];
  for (let i = tokens.length - 1; i >= 0 && words.length < NAME_MAX_WORDS; i--) {
    if (!/^[a-z][a-z'-]*$/i.test(tokens[i])) break;
    if (NAME_LEAD_WORDS.has(tokens[i].toLowerCase())) break;
    words.unshift(tokens[i]);
  }
  const name = words.filter((word) => word.toLowerCase() !== 'ml').join(' ');
  if (name.length <= 2 || DISCARDED_NAMES.includes(name.toLowerCase())) return null;
  return name;
}
