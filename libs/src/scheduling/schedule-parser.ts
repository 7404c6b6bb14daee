/**
 * Schedule-text parsing (spec document 2, sections 3 and 5): turns what a caregiver pastes (their own
 * notes, a pharmacy label, a discharge letter) into tasks for the review dialog. Pure and
 * dependency-free: the back end and the browser both run it. The grammar is in docs/scheduling.md
 * ("Schedule parser"); in short:
 *
 * - The text is cut into segments at line breaks, commas, semicolons and sentence ends; a colon after
 *   a time ("8am:", "Morning:", "As needed:") ends a header segment that opens a block.
 * - In each segment, schedule phrases are found first and masked: clock times, time keywords, "with
 *   breakfast", "twice a day" / BID, "every 4 hours from 6am to 10pm", "for 10 days", "as needed".
 * - In what is left, every dose (number + unit) is a medication named by the words before it (or
 *   after it: "2.5 ml Keppra"); a segment without a dose is one task named from its words.
 * - An item takes its own schedule phrases; else the block opened by a time right before an item or
 *   a header; else the phrase of a later item in the same segment ("Keppra 250mg and Oxybutynin
 *   0.5 ml at 8am"); else the block of earlier segments.
 */
import type { Priority } from '../schema';
import type { DayName } from '../scheduling';
import { DATE_MAX } from '../validation';
import { addDays } from './local-time';

export const SCHEDULE_TASK_CATEGORIES = [
  'medication', 'catheterization', 'therapy', 'appointment', 'personal_care',
] as const;
export type ScheduleTaskCategory = (typeof SCHEDULE_TASK_CATEGORIES)[number];

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

/** Meals (the corpus's conventions): "with breakfast" is 08:00. */
export const SCHEDULE_MEAL_TIMES = { breakfast: '08:00', lunch: '12:00', dinner: '18:00', supper: '18:00' } as const;

/**
 * "N times a day" with no time given: spread evenly from 08:00 to 20:00. This gives the spec's
 * medication presets (once 08:00; twice 08:00, 20:00; three times 08:00, 14:00, 20:00) and, for
 * four times a day (QID), 08:00, 12:00, 16:00, 20:00.
 */
export const SCHEDULE_DAY_START = '08:00';
export const SCHEDULE_DAY_END = '20:00';
export const SCHEDULE_MAX_TIMES_PER_DAY = 12;
/** A duration is read up to this many days (a year). */
export const SCHEDULE_MAX_DURATION_DAYS = 366;

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
 * Words that end a medication's name window: the name is what follows the last of them ("bedtime
 * meds melatonin", "give Tylenol", "Keppra and Oxybutynin"). Includes the spec's leading 'medicine' /
 * 'medicines' and its discarded connectors.
 */
const NAME_LEAD_WORDS = new Set([
  'medicine', 'medicines', 'med', 'meds', 'medication', 'medications', 'rx',
  'at', 'and', 'or', 'with', 'the', 'then', 'plus', 'also', 'give', 'gave', 'take', 'administer', 'apply',
  'inhale', 'instill', 'use', 'for', 'of', 'by', 'in', 'into', 'on', 'to', 'via', 'dose', 'doses',
]);
/** Words after a dose that say how, not what ("1 tablet by mouth", "2 drops each eye"). */
const ROUTE_WORDS = new Set([
  'mouth', 'orally', 'po', 'each', 'every', 'per', 'under', 'tongue', 'eye', 'eyes', 'ear', 'ears',
  'nostril', 'nostrils', 'tube', 'g-tube', 'gtube', 'chewable', 'chewed', 'crushed', 'dissolved', 'mixed',
  'juice', 'water', 'milk', 'food', 'a', 'an', 'daily',
  // Dosage forms: "400mg/5ml suspension".
  'susp', 'suspension', 'solution', 'soln', 'syrup', 'liquid', 'elixir', 'oral', 'tab', 'tablet', 'tablets',
  'cap', 'capsule', 'capsules', 'cream', 'ointment', 'er', 'xr', 'sr', 'dr', 'odt', 'inhaler', 'neb', 'nebs',
]);
/** A medication name is at most this many words next to its dose ("vitamin D", "fish oil"). */
const NAME_MAX_WORDS = 3;
/** A period after these does not end a sentence ("Dr. Adams", "1 tab. twice daily"). */
const ABBREVIATIONS = new Set(['dr', 'mr', 'mrs', 'ms', 'st', 'no', 'tab', 'tabs', 'cap', 'caps', 'approx', 'vs']);

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fourteen: 14, thirty: 30, once: 1, twice: 2, thrice: 3,
};
const WORD_NUMBER = 'a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|thirty';

// ---------------------------------------------------------------------------------------------
// Schedule phrases. The first group of a clock time (the character before, or the start) stops
// "2.5am" or "13pm" from being read as "5am" / "3pm"; it stands in for a look-behind, which older
// Safari versions cannot parse (the browser loads this file too).
const CLOCK_TIME = /(^|[^\w.:])(\d{1,2})(?:[:.](\d{2}))?[ \t]?([ap])\.?m\b\.?/gi;
const CLOCK_24H = /(^|[^\w.:])([01]\d|2[0-3]):([0-5]\d)(?![\d:])/g;
const KEYWORD_TIMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:mornings?|qam)\b|\bq\.a\.m\./gi, SCHEDULE_TIME_KEYWORDS.morning],
  [/\bAM\b/g, SCHEDULE_TIME_KEYWORDS.morning],
  [/\b(?:noon|midday|lunchtime)\b/gi, SCHEDULE_TIME_KEYWORDS.noon],
  [/\b(?:evenings?|qpm)\b/gi, SCHEDULE_TIME_KEYWORDS.evening],
  [/\bPM\b/g, SCHEDULE_TIME_KEYWORDS.evening],
  [/\b(?:bed ?time|before bed|nightly|nights?|q?hs)\b/gi, SCHEDULE_TIME_KEYWORDS.bedtime],
  [/\bmidnight\b/gi, '00:00'],
];
const MEAL_WORD = /breakfast|lunch|dinner|supper/gi;
const MEAL = /\b(?:with|after|before|at|during|w\/)\s+(?:(?:the|a|his|her|their|each)\s+)?(?:breakfast|lunch|dinner|supper)(?:\s*(?:,|and|&|or)\s*(?:breakfast|lunch|dinner|supper))*\b/gi;
const HEADER_MEAL = /^\s*(breakfast|lunch|dinner|supper)\s*$/i;
const WITH_MEALS = /\b(?:with|after|before)\s+(?:each\s+|every\s+|all\s+)?meals?\b/gi;
const INTERVAL = new RegExp(
  String.raw`\b(?:every|each|q)\s*(\d{1,2}|${WORD_NUMBER}|)\s*(?:(?:-|to)\s*\d{1,2}\s*)?(?:hours?|hrs?|h)\b|\bhourly\b`, 'gi');
const COUNT = new RegExp(
  String.raw`\b(?:(once|twice|thrice)|(\d{1,2}|${WORD_NUMBER})\s*(?:x|times?))\s*(?:(?:a|per|each|every|\/)\s*day\b|daily\b)`
  + String.raw`|\b(?:(q\.?d|daily|every\s?day|each day|once)|(b\.?i\.?d|bd)|(t\.?i\.?d|tds)|(q\.?i\.?d|qds))\b\.?(?!\s*(?:schedule|routine|plan|list|log|tasks?|care|notes?)\b)`,
  'gi');
const DURATION = new RegExp(
  String.raw`\b(?:for|x|×)\s*(?:the\s+next\s+|another\s+)?(\d{1,3}|${WORD_NUMBER})\s*(days?|d|weeks?|wks?|months?)\b|\b(\d{1,3})[- ]day course\b`, 'gi');
const AS_NEEDED = /\b(?:as needed|as required|as necessary|when needed|when required|when necessary|if needed|if required|if necessary|p\.r\.n\.?|prn)(?![a-z])/gi;
/** Words that belong to the schedule phrase after them: "at 8am", "every evening", "in the morning". */
const PHRASE_LEAD = /(?:^|\s)(?:at|@|around|about|by|every|each|in the|this|from|between|starting|start)\s*$/i;
const RANGE_JOIN = /^\s*(?:to|until|till|through|thru|-|–|—)\s*$/i;

// Doses: a number and a unit, or a word number and a counted unit, or (the spec's) bare one..five.
const MEASURE_UNITS = 'ml|mls|millilit(?:er|re)s?|cc|mcg|µg|micrograms?|mg|milligrams?|g|grams?|iu|i\\.u\\.|units?|meq|mmol';
const COUNT_UNITS = 'tablets?|tabs?|capsules?|caps?|capfuls?|puffs?|drops?|gtts?|sprays?|scoops?|patch(?:es)?|packets?|sachets?'
  + '|suppositor(?:y|ies)|pumps?|inhalations?|vials?|nebs?|teaspoons?|tsps?|tablespoons?|tbsps?|chewables?|gumm(?:y|ies)'
  + '|pieces?|lozenges?|applications?|syringes?';
const DOSE_NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?|\.\d+|\d+\s*\/\s*\d+|½|¼|¾`;
const DOSE = new RegExp(
  String.raw`(^|[^\w.])(?:(${DOSE_NUMBER})\s*(${MEASURE_UNITS}|${COUNT_UNITS})|(half(?:\s+an?)?|${WORD_NUMBER})\s+(${COUNT_UNITS}))(?![a-z])`
  + String.raw`|\b(one|two|three|four|five)\b`,
  'gi');
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
  let anyTime = sawTime;
  for (const item of items) {
    const schedule = resolve(item.effective);
    anyTime ||= schedule.times.length > 0;
    const listed = listedItem(item);
    if (schedule.asNeeded) result.asNeeded.push(listed);
    else if (schedule.times.length === 0) {
      if (item.dosage || item.afterATime) result.unscheduled.push(listed);
    } else {
      for (const time of schedule.times) result.tasks.push(scheduledTask(listed, time, schedule.durationDays, options.startDate));
    }
  }
  if (!anyTime && result.asNeeded.length === 0) {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.noTimes, SCHEDULE_PARSE_MESSAGES.noTimes);
  }
  if (result.tasks.length === 0 && result.asNeeded.length === 0) {
    throw new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.noTasks, SCHEDULE_PARSE_MESSAGES.noTasks);
  }
  result.tasks = dedupe(result.tasks).sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
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
// Segments

interface Segment {
  /** The original text, trimmed. */
  text: string;
  line: number;
  /** Ends with a colon: its phrases open a block, it names nothing. */
  header: boolean;
}

function splitSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  text.split(/\r\n|\r|\n/).forEach((rawLine, line) => {
    // List bullets and numbering at the start of a line.
    const lineText = rawLine.replace(/^\s*(?:[-*•·]+|\d{1,2}[.)](?!\d))\s+/, '');
    for (const part of splitOutsideNumbers(lineText)) {
      for (const piece of splitHeader(part)) {
        const trimmed = piece.text.trim();
        if (trimmed.replace(/[\s,;:.()\-–—]+/g, '') !== '') segments.push({ text: trimmed, line, header: piece.header });
      }
    }
  });
  return segments;
}

/** Splits at commas and semicolons (not inside "1,000"), and at sentence ends ("one. 8am"). */
function splitOutsideNumbers(line: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    const digitsAround = /\d/.test(line[i - 1] ?? '') && /\d/.test(line[i + 1] ?? '');
    let cut = (ch === ',' && !digitsAround) || ch === ';';
    if (ch === '.' && /\s/.test(line[i + 1] ?? '')) {
      const word = /([a-z]+)$/i.exec(line.slice(start, i))?.[1]?.toLowerCase() ?? '';
      cut = !ABBREVIATIONS.has(word);
    }
    if (cut) {
      parts.push(line.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(line.slice(start));
  return parts;
}

/**
 * "8am: Keppra", "Morning: Lamictal", "As needed: Tylenol" are a header and its items; a colon after
 * words without a schedule phrase ("Medicines: Risperdal", "Keppra: 5 ml") is only punctuation. A
 * part ending with a colon is a header either way ("Maya's schedule:").
 */
function splitHeader(part: string): { text: string; header: boolean }[] {
  for (const match of part.matchAll(/:(?!\d)/g)) {
    const left = part.slice(0, match.index);
    const right = part.slice(match.index + 1);
    if (right.trim() === '') return [{ text: left, header: true }];
    if (findPhrases(left).length > 0 || HEADER_MEAL.test(left)) {
      return [{ text: left, header: true }, ...splitHeader(right)];
    }
  }
  return [{ text: part, header: false }];
}

// ---------------------------------------------------------------------------------------------
// Schedule phrases

type Phrase =
  | { kind: 'at'; start: number; end: number; time: string; isClock: boolean }
  | { kind: 'range'; start: number; end: number; from: string; to: string }
  | { kind: 'interval'; start: number; end: number; hours: number }
  | { kind: 'count'; start: number; end: number; perDay: number }
  | { kind: 'meals'; start: number; end: number }
  | { kind: 'duration'; start: number; end: number; days: number }
  | { kind: 'asNeeded'; start: number; end: number };

/** The schedule phrases of one segment, in text order, none overlapping. */
function findPhrases(text: string): Phrase[] {
  const found: Phrase[] = [];
  const free = (start: number, end: number) => found.every((p) => end <= p.start || start >= p.end);
  const add = (phrase: Phrase, absorbLead = true) => {
    if (!free(phrase.start, phrase.end)) return;
    if (absorbLead) {
      const lead = PHRASE_LEAD.exec(text.slice(0, phrase.start));
      if (lead && free(phrase.start - lead[0].trimStart().length, phrase.start)) phrase.start -= lead[0].trimStart().length;
    }
    found.push(phrase);
  };

  for (const m of text.matchAll(AS_NEEDED)) add({ kind: 'asNeeded', start: m.index, end: m.index + m[0].length }, false);
  for (const m of text.matchAll(DURATION)) {
    const days = durationDays(m[1], m[2], m[3]);
    if (days !== null) add({ kind: 'duration', start: m.index, end: m.index + m[0].length, days }, false);
  }
  for (const m of text.matchAll(INTERVAL)) {
    const hours = m[0].toLowerCase() === 'hourly' || m[1] === '' ? 1 : numberOf(m[1]);
    if (hours !== null && hours >= 1 && hours <= 24) add({ kind: 'interval', start: m.index, end: m.index + m[0].length, hours });
  }
  for (const m of text.matchAll(COUNT)) {
    const perDay = m[1] || m[2] ? numberOf(m[1] ?? m[2]) : m[3] ? 1 : m[4] ? 2 : m[5] ? 3 : 4;
    if (perDay !== null && perDay >= 1 && perDay <= SCHEDULE_MAX_TIMES_PER_DAY) {
      add({ kind: 'count', start: m.index, end: m.index + m[0].length, perDay });
    }
  }
  for (const m of text.matchAll(WITH_MEALS)) add({ kind: 'meals', start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(MEAL)) {
    // "before breakfast and dinner": one phrase per meal, so each is a time of its own.
    for (const meal of m[0].matchAll(MEAL_WORD)) {
      const time = SCHEDULE_MEAL_TIMES[meal[0].toLowerCase() as keyof typeof SCHEDULE_MEAL_TIMES];
      const start = meal.index === m[0].search(MEAL_WORD) ? m.index : m.index + meal.index;
      add({ kind: 'at', start, end: m.index + meal.index + meal[0].length, time, isClock: false });
    }
  }
  const header = HEADER_MEAL.exec(text);
  if (header) {
    const time = SCHEDULE_MEAL_TIMES[header[1].toLowerCase() as keyof typeof SCHEDULE_MEAL_TIMES];
    add({ kind: 'at', start: 0, end: text.length, time, isClock: false });
  }
  for (const m of text.matchAll(CLOCK_TIME)) {
    const time = toHhMm(m[2], m[3], m[4] + 'm');
    if (time) add({ kind: 'at', start: m.index + m[1].length, end: m.index + m[0].length, time, isClock: true });
  }
  for (const m of text.matchAll(CLOCK_24H)) {
    add({ kind: 'at', start: m.index + m[1].length, end: m.index + m[0].length, time: `${m[2]}:${m[3]}`, isClock: true });
  }
  for (const [pattern, time] of KEYWORD_TIMES) {
    for (const m of text.matchAll(pattern)) add({ kind: 'at', start: m.index, end: m.index + m[0].length, time, isClock: false });
  }
  found.sort((a, b) => a.start - b.start);
  return joinTimes(text, found);
}

/**
 * A keyword beside a clock time, separated only by spaces, colons, dashes or brackets, names the
 * same moment: "9pm bedtime" is 21:00 once, "7am (morning)" is 07:00. Two times joined by "to" or
 * a dash (or "between A and B") are a range: "from 6am to 10pm".
 */
function joinTimes(text: string, phrases: Phrase[]): Phrase[] {
  const out: Phrase[] = [];
  for (const phrase of phrases) {
    const previous = out[out.length - 1];
    if (previous?.kind === 'at' && phrase.kind === 'at') {
      const between = text.slice(previous.end, phrase.start);
      if (previous.isClock !== phrase.isClock && /^[\s:()\-–—]*$/.test(between)) {
        out[out.length - 1] = { ...previous, end: phrase.end, time: previous.isClock ? previous.time : phrase.time, isClock: true };
        continue;
      }
      const joinsRange = RANGE_JOIN.test(between) || (/^\s*and\s*$/i.test(between) && /^between\b/i.test(text.slice(previous.start)));
      if (joinsRange) {
        out[out.length - 1] = { kind: 'range', start: previous.start, end: phrase.end, from: previous.time, to: phrase.time };
        continue;
      }
    }
    out.push(phrase);
  }
  return out;
}

function durationDays(count: string | undefined, unit: string | undefined, courseDays: string | undefined): number | null {
  const n = numberOf(courseDays ?? count ?? '');
  if (n === null || n < 1) return null;
  const u = (unit ?? 'd').toLowerCase();
  const days = u.startsWith('w') ? n * 7 : u.startsWith('m') ? n * 30 : n;
  return days <= SCHEDULE_MAX_DURATION_DAYS ? days : null;
}

function numberOf(text: string): number | null {
  const lower = text.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return NUMBER_WORDS[lower] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Items

interface Item {
  name: string | null;
  dosage: string;
  /** Dosed items are medications; the others take the category of their words. */
  category: ScheduleTaskCategory;
  description: string;
  /** The phrases that decide when: its own, else the block's (see the file comment). */
  effective: Phrase[];
  /** A time was written before it: an untimed item here is listed, not taken for a heading. */
  afterATime: boolean;
}

interface Found {
  start: number;
  end: number;
  name: string | null;
  dosage: string;
  own: Phrase[];
  /** Its phrases stand right before it ("9am Tylenol"): they hold for the items after it too. */
  opensBlock: boolean;
  /** A task name cut at 50 characters: the description keeps the whole text. */
  cut?: boolean;
}

const isWhen = (p: Phrase) => p.kind !== 'duration';
const isTime = (p: Phrase) => p.kind !== 'duration' && p.kind !== 'asNeeded';

function readItems(segments: Segment[]): { items: Item[]; sawTime: boolean } {
  const items: Item[] = [];
  let block: Phrase[] = [];
  /** Times of segments with nothing else ("8am, noon, 6pm - cath"): they join the next segment's. */
  let pending: Phrase[] = [];
  let previousSegmentItems: Item[] = [];
  let previous: { segment: Segment; item: Item | null } | null = null;
  let sawTime = false;

  for (const segment of segments) {
    const phrases = findPhrases(segment.text);
    const hadTimeBefore = sawTime;
    sawTime ||= phrases.some(isTime);
    if (segment.header) {
      if (phrases.some(isWhen)) block = [...pending, ...phrases];
      pending = [];
      previousSegmentItems = [];
      previous = { segment, item: null };
      continue;
    }
    const masked = mask(segment.text, phrases);
    const found = findItems(segment.text, masked, phrases);

    if (found.length === 0) {
      // Only schedule phrases: "Amoxicillin 250mg, twice a day" belongs to the untimed item before;
      // "8am, noon, 6pm - cath" opens the block for what follows.
      const untimed = previousSegmentItems.filter((item) => !item.effective.some(isWhen));
      if (untimed.length > 0 && phrases.some(isWhen)) {
        for (const item of untimed) item.effective = [...item.effective, ...phrases];
        previousSegmentItems = [];
      } else if (phrases.some(isWhen)) {
        pending = [...pending, ...phrases];
      }
      continue;
    }

    // "Physical therapy at the clinic, bring the standing frame": words without a dose or time of
    // their own continue the task before them on the same line.
    if (found.length === 1 && found[0].dosage === '' && phrases.length === 0 && previous?.item && previous.segment.line === segment.line
      && previous.item.dosage === '') {
      previous.item.description = `${previous.item.description || previous.segment.text}, ${segment.text}`;
      continue;
    }

    // "AMOXICILLIN 400MG/5ML SUSP. Give 5 mL by mouth every 12 hours": a label's next sentence gives
    // the dose and schedule of the medication named before it.
    const lastItem = previous?.item;
    if (found[0].name === null && previous && lastItem?.dosage && previous.segment.line === segment.line && !lastItem.effective.some(isWhen)) {
      const [first] = found.splice(0, 1);
      lastItem.dosage = first.dosage;
      lastItem.description = `${previous.segment.text}. ${segment.text}`;
      lastItem.effective = [...first.own, ...phrases.filter((p) => p.end <= first.start)];
      if (found.length === 0) continue;
    }

    const leading = [...pending, ...phrases.filter((p) => p.end <= found[0].start && !found[0].own.includes(p))];
    pending = [];
    let segmentBlock: Phrase[] | null = leading.some(isWhen) ? leading : null;
    const description = found[0].cut || saysMore(masked, found) ? segment.text : '';
    const segmentItems: Item[] = [];
    found.forEach((f, i) => {
      let effective: Phrase[];
      if (f.own.some(isWhen)) {
        effective = f.own;
        if (f.opensBlock) segmentBlock = f.own.filter((p) => p.end <= f.start);
      } else {
        const later = found.slice(i + 1).find((g) => g.own.some(isWhen) && !g.opensBlock);
        const inherited = segmentBlock ?? later?.own ?? block;
        effective = [...inherited.filter(isWhen), ...f.own, ...inherited.filter((p) => !isWhen(p))];
      }
      const item: Item = {
        name: f.name,
        dosage: f.dosage,
        category: f.dosage ? 'medication' : detectCategory(segment.text),
        description,
        effective,
        afterATime: hadTimeBefore || phrases.some(isTime),
      };
      segmentItems.push(item);
      items.push(item);
    });
    if (segmentBlock) block = segmentBlock;
    previousSegmentItems = segmentItems;
    previous = { segment, item: segmentItems[segmentItems.length - 1] };
  }
  return { items, sawTime };
}

/** Whether a segment says more than its items' names, doses and schedule phrases. */
function saysMore(masked: string, found: Found[]): boolean {
  let rest = masked;
  for (const f of found) rest = rest.slice(0, f.start) + ' '.repeat(f.end - f.start) + rest.slice(f.end);
  const words = rest.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? [];
  return words.some((word) => !NAME_LEAD_WORDS.has(word));
}

/** The segment with its schedule phrases blanked out ('|'), so names and doses never cross them. */
function mask(text: string, phrases: Phrase[]): string {
  let masked = text;
  for (const p of phrases) masked = masked.slice(0, p.start) + '|'.repeat(p.end - p.start) + masked.slice(p.end);
  return masked;
}

/**
 * The items of a segment, in text order, each with its own phrases: those after it (up to the next
 * item) and those right before it ("9am Tylenol", "8am: Keppra"; these open a block).
 */
function findItems(text: string, masked: string, phrases: Phrase[]): Found[] {
  const found: Found[] = [];
  let windowStart = 0;
  for (const dose of masked.matchAll(DOSE)) {
    const start = dose.index + (dose[1]?.length ?? 0);
    const end = dose.index + dose[0].length;
    const dosage = normalizeDose(dose);
    const last = found[found.length - 1];
    // "400mg/5ml" is a strength: one dosage.
    const concentration = last !== undefined && masked.slice(last.end, start).trim() === '/';
    const before = concentration ? null : nameBefore(masked.slice(windowStart, start));
    if (before) {
      found.push({ start: windowStart + before.offset, end, name: before.name, dosage, own: [], opensBlock: false });
      windowStart = end;
      continue;
    }
    windowStart = end;
    const after = concentration ? null : nameAfter(masked.slice(end));
    if (after) {
      windowStart = end + after.end;
      found.push({ start, end: windowStart, name: after.name, dosage, own: [], opensBlock: false });
    } else if (last) {
      // "Tylenol 160mg (5 ml)", "Amoxicillin 400mg/5ml, give 5 ml": another dose of the same item.
      last.dosage = `${last.dosage}${concentration ? '/' : ', '}${dosage}`;
      last.end = end;
    } else {
      found.push({ start, end, name: null, dosage, own: [], opensBlock: false });
    }
  }
  if (found.length === 0) {
    const words = textTaskName(masked);
    if (words) {
      const first = masked.search(/[^\s|:,;.()\-–—]/);
      const name = words.slice(0, SCHEDULE_TASK_NAME_MAX).trim();
      found.push({ start: first, end: masked.length, name, dosage: '', own: [], opensBlock: false, cut: name !== words });
    }
  }
  assignPhrases(text, found, phrases);
  return found;
}

function assignPhrases(text: string, found: Found[], phrases: Phrase[]): void {
  for (const phrase of phrases) {
    const nextIndex = found.findIndex((f) => f.start >= phrase.end);
    const next = found[nextIndex];
    if (next && /^[\s:,()\-–—]*(?:(?:give|take|then)\s+)?$/i.test(text.slice(phrase.end, next.start)) && nextIndex > 0) {
      next.own.push(phrase);
      next.opensBlock = true;
      continue;
    }
    const owner = [...found].reverse().find((f) => f.start < phrase.start);
    owner?.own.push(phrase);
  }
}

/**
 * The run of plain words right before the dose (at most NAME_MAX_WORDS, stopping at punctuation,
 * digits or a masked phrase), after the last lead word, with stray "ml" and brackets removed. Too
 * short or connector-only names are discarded (null). `offset` is where the name starts in the window.
 */
function nameBefore(window: string): { name: string; offset: number } | null {
  const trimmed = window.replace(/\([^()|]*\)/g, (m) => ' '.repeat(m.length)).replace(/[\s:=\-–—]+$/, '');
  const tokens = [...trimmed.matchAll(/\S+/g)];
  const words: RegExpMatchArray[] = [];
  for (let i = tokens.length - 1; i >= 0 && words.length < NAME_MAX_WORDS; i--) {
    const token = tokens[i][0];
    if (!/^[a-z][a-z0-9'’-]*$/i.test(token) || NAME_LEAD_WORDS.has(token.toLowerCase())) break;
    words.unshift(tokens[i]);
  }
  const name = words.map((w) => w[0]).filter((word) => word.toLowerCase() !== 'ml').join(' ');
  if (name.length <= 2 || DISCARDED_NAMES.includes(name.toLowerCase())) return null;
  return { name, offset: words[0].index ?? 0 };
}

/** "2.5 ml Keppra", "a capful of Miralax": the words right after a dose, when they are a name. */
function nameAfter(rest: string): { name: string; end: number } | null {
  const match = /^\s*(?:of\s+)?((?:[a-z][a-z0-9'’-]*)(?:\s+[a-z][a-z0-9'’-]*){0,2})/i.exec(rest);
  if (!match) return null;
  const words: string[] = [];
  for (const word of match[1].split(/\s+/)) {
    const lower = word.toLowerCase();
    if (NAME_LEAD_WORDS.has(lower) || ROUTE_WORDS.has(lower)) break;
    words.push(word);
  }
  const name = words.join(' ');
  if (name.length <= 2 || DISCARDED_NAMES.includes(name.toLowerCase())) return null;
  return { name, end: match[0].indexOf(match[1]) + name.length };
}

/** A task without a dose is named from its own words (schedule phrases and connectors left out), before the 50-character cut. */
function textTaskName(masked: string): string | null {
  let text = masked.replace(/\|+/g, ' | ');
  // "Medicines: Vitamin D" names Vitamin D; "Maya's meds: 9pm" names Maya's meds.
  const colons = [...text.matchAll(/:(?!\d)/g)];
  const afterColon = colons.length > 0 ? text.slice(colons[colons.length - 1].index + 1) : text;
  if (/[a-z]/i.test(afterColon.replace(/\|/g, ''))) text = afterColon;
  let previous;
  do {
    previous = text;
    text = text
      .replace(/^[\s|,;:.()\-–—&]+|[\s|,;:.(\-–—&]+$/g, '')
      .replace(/^(?:give|take|then|and|also|plus|at|with|the|do)\s+/i, '')
      .replace(/\s+(?:at|then|and|or|with|from|to|every|each|in|on|for|by|the)$/i, '');
  } while (text !== previous);
  text = text.replace(/\s*\|[\s|]*/g, ' ').trim();
  return /[a-z]/i.test(text) ? text : null;
}

function normalizeDose(dose: RegExpMatchArray): string {
  if (dose[6]) return dose[6];
  const rawNumber = dose[2] ?? dose[4];
  const number = dose[2] !== undefined ? normalizeNumber(dose[2]) : /^half/i.test(rawNumber) ? '1/2' : String(numberOf(rawNumber));
  return `${number} ${normalizeUnit(dose[3] ?? dose[5])}`;
}

function normalizeNumber(text: string): string {
  const t = text.replace(/\s+/g, '');
  if (t === '½') return '1/2';
  if (t === '¼') return '1/4';
  if (t === '¾') return '3/4';
  if (/^\d{1,3}(?:,\d{3})+$/.test(t)) return t.replace(/,/g, '');
  const decimal = t.replace(',', '.');
  // A naked decimal (".5") is a known misreading risk: written "0.5".
  return decimal.startsWith('.') ? `0${decimal}` : decimal;
}

function normalizeUnit(unit: string): string {
  const u = unit.toLowerCase();
  if (/^(?:ml|mls|millilit)/.test(u)) return 'ml';
  if (/^(?:mg|milligram)/.test(u)) return 'mg';
  if (/^(?:mcg|µg|microgram)/.test(u)) return 'mcg';
  if (/^(?:iu|i\.u\.)$/.test(u)) return 'IU';
  if (/^(?:g|grams?)$/.test(u)) return 'g';
  if (u === 'meq') return 'mEq';
  return u;
}

// ---------------------------------------------------------------------------------------------
// Times

interface When { times: string[]; asNeeded: boolean; durationDays?: number }

/**
 * Explicit times win (clock times, keywords, meals; a range without "every N hours" gives both
 * ends); then "every N hours" (from A to B, else around the clock from 08:00); then "N times a day".
 */
function resolve(phrases: Phrase[]): When {
  const explicit: number[] = [];
  const interval = phrases.find((p) => p.kind === 'interval');
  for (const p of phrases) {
    if (p.kind === 'at') explicit.push(minutes(p.time));
    if (p.kind === 'meals') explicit.push(...[SCHEDULE_MEAL_TIMES.breakfast, SCHEDULE_MEAL_TIMES.lunch, SCHEDULE_MEAL_TIMES.dinner].map(minutes));
    if (p.kind === 'range') {
      if (interval?.kind === 'interval') explicit.push(...stepping(minutes(p.from), minutes(p.to), interval.hours));
      else explicit.push(minutes(p.from), minutes(p.to));
    }
  }
  let times = explicit;
  if (times.length === 0 && interval?.kind === 'interval') {
    const start = minutes(SCHEDULE_DAY_START);
    times = stepping(start, start + 24 * 60 - 1, interval.hours);
  }
  const count = phrases.find((p) => p.kind === 'count');
  if (times.length === 0 && count?.kind === 'count') times = spread(count.perDay);
  const duration = phrases.find((p) => p.kind === 'duration');
  return {
    times: [...new Set(times.map((m) => m % (24 * 60)))].sort((a, b) => a - b).map(clock),
    asNeeded: phrases.some((p) => p.kind === 'asNeeded'),
    durationDays: duration?.kind === 'duration' ? duration.days : undefined,
  };
}

function stepping(from: number, to: number, hours: number): number[] {
  const end = to < from ? to + 24 * 60 : to;
  const out: number[] = [];
  for (let m = from; m <= end && out.length < 24; m += hours * 60) out.push(m);
  return out;
}

function spread(perDay: number): number[] {
  const start = minutes(SCHEDULE_DAY_START);
  if (perDay === 1) return [start];
  const step = (minutes(SCHEDULE_DAY_END) - start) / (perDay - 1);
  return Array.from({ length: perDay }, (_, i) => Math.round(start + i * step));
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;

function toHhMm(hourText: string, minuteText: string | undefined, meridiem: string): string | null {
  const hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const isPm = meridiem.toLowerCase() === 'pm';
  const hour24 = hour === 12 ? (isPm ? 12 : 0) : isPm ? hour + 12 : hour;
  return `${pad(hour24)}:${pad(minute)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

// ---------------------------------------------------------------------------------------------
// Output

function listedItem(item: Item): ListedScheduleItem {
  const name = item.name ?? '';
  return {
    name,
    needsName: item.name === null,
    category: item.category,
    dosage: item.dosage,
    description: item.description === name ? '' : item.description,
  };
}

function scheduledTask(item: ListedScheduleItem, time: string, durationDays: number | undefined, startDate: string | undefined): ParsedScheduleTask {
  const isUrgent = item.category === 'medication'; // medication tasks are urgent by default
  const task: ParsedScheduleTask = {
    time,
    ...item,
    isUrgent,
    priority: isUrgent ? 'high' : 'medium', // high when urgent, else the default medium
  };
  if (durationDays !== undefined) {
    task.durationDays = durationDays;
    if (startDate) task.endDate = scheduleEndDate(startDate, durationDays);
  }
  return task;
}

/** The last day of a schedule of `durationDays` days starting on `startDate` (never past DATE_MAX). */
export function scheduleEndDate(startDate: string, durationDays: number): string {
  const end = addDays(startDate, durationDays - 1);
  return end < DATE_MAX ? end : DATE_MAX;
}

function dedupe(tasks: ParsedScheduleTask[]): ParsedScheduleTask[] {
  const seen = new Set<string>();
  return tasks.filter((task) => {
    const key = `${task.time}|${task.name.toLowerCase()}|${task.dosage.toLowerCase()}|${task.needsName}`;
    if (task.needsName || !seen.has(key)) {
      seen.add(key);
      return true;
    }
    return false;
  });
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
