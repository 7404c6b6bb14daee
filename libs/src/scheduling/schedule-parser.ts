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
/** "every N days" is read up to this (the repeat interval's range, spec section 9). */
export const SCHEDULE_MAX_INTERVAL_DAYS = 30;
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
const CATEGORY_WORDS = new Set(SCHEDULE_CATEGORY_KEYWORDS.flatMap(([, words]) => words));
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
/** Dosage forms: "400mg/5ml suspension", "500mg tab: 1 tab". Never a medication's name. */
const FORM_WORDS = new Set([
  'susp', 'suspension', 'solution', 'soln', 'syrup', 'liquid', 'elixir', 'oral', 'tab', 'tabs', 'tablet', 'tablets',
  'cap', 'caps', 'capsule', 'capsules', 'cream', 'ointment', 'er', 'xr', 'sr', 'dr', 'odt', 'inhaler', 'neb', 'nebs', 'chewable',
]);
/** Words after a name that say what kind of list it heads: "Prednisone taper: 40 mg". */
const NAME_TAIL_WORDS = new Set(['taper', 'course', 'regimen', 'schedule', 'plan', 'wean']);
/** Words after a dose that say how, not what ("1 tablet by mouth", "2 drops each eye"). */
const ROUTE_WORDS = new Set([
  'mouth', 'orally', 'po', 'each', 'every', 'per', 'under', 'tongue', 'eye', 'eyes', 'ear', 'ears',
  'nostril', 'nostrils', 'tube', 'g-tube', 'gtube', 'gt', 'chewed', 'crushed', 'dissolved', 'mixed',
  'juice', 'water', 'milk', 'food', 'a', 'an', 'daily', ...FORM_WORDS,
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
/** "at 0700", "0800 and 2000", "1500h": four digits read as a time only with one of those around them. */
const CLOCK_4DIGIT = /(^|[^\w.:,/])([01]\d|2[0-3])([0-5]\d)(\s*(?:h|hrs|hours)\b)?(?![\d.:/%]|,\d)/gi;
const WHILE_AWAKE = /\b(?:while|when)\s+awake\b|\bduring\s+the\s+day\b|\bdaytime\b/gi;
/** "6a, 10a, 2p": a clock time without its m, written right after the number. */
const CLOCK_SHORT = /(^|[^\w.:])(\d{1,2})(?::(\d{2}))?([ap])(?![\w.])/gi;
/** "Week 2:", "Days 1-3:", "on day 1": which days of the course, counted from its start. */
const SPAN = /(?:^\s*|\bon\s+)(?:week\s*(\d{1,2})|days?\s*(\d{1,3})(?:\s*(?:-|–|to|through)\s*(\d{1,3}))?)\b(?:\s+only\b)?/gi;
const FOUR_DIGIT_LEAD = /(?:\bat|@|\bby)\s*$/i;
const LIST_SEPARATOR = /^\s*(?:,|and|&|\/|or)\s*$/i;
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
const MEAL_LEAD = /^\s*(breakfast|lunch|dinner|supper)\b(?=\s*[-–—])/i;
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
/** A unit right after a number: "1500 mg" is a dose, not 15:00. */
const UNIT_NEXT = new RegExp(String.raw`^\s*(?:${MEASURE_UNITS}|${COUNT_UNITS})(?![a-z])`, 'i');
const DOSE_NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+\s+\d\/\d\b|\d+(?:[.,]\d+)?|\.\d+|\d+\s*\/\s*\d+|½|¼|¾`;
const DOSE = new RegExp(
  String.raw`(^|[^\w.]|\bx)(?:(${DOSE_NUMBER})\s*(${MEASURE_UNITS}|${COUNT_UNITS})|(half(?:\s+an?)?|${WORD_NUMBER})\s+(${COUNT_UNITS})`
  + String.raw`|((?:one|two|three|four|\d{1,2})\s+and\s+a\s+half)\s+(${COUNT_UNITS}))(?![a-z])`
  + String.raw`|\b(one|two|three|four|five)\b`,
  'gi');
const WEIGHT_UNITS = 'mcg|µg|micrograms?|mg|milligrams?|g|grams?|iu|i\\.u\\.|units?|meq|mmol';
/** "100 mg/mL", "2 mg/5 mL", "10g/15mL", "500 mg/tab": what the product holds, not what is given. */
const STRENGTH = new RegExp(
  String.raw`(^|[^\w.])(\d+(?:[.,]\d+)?|\.\d+)\s*(${WEIGHT_UNITS})\s*\/\s*(?:(\d+(?:[.,]\d+)?)\s*)?(ml|mls|l|tabs?|tablets?|caps?|capsules?|puffs?|actuations?|sprays?|drops?|doses?|sachets?|packets?)(?![a-z])`,
  'gi');
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
// Days of the week. Full names always count; "Sat", "Sun", "Wed" only as written with a capital
// or in a list of days (a lone "sat" is the verb).
const DAY_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^sun(?:day)?s?\.?$/i, 0], [/^mon(?:day)?s?\.?$/i, 1], [/^tue(?:s|sday)?s?\.?$/i, 2], [/^wed(?:s|nesday)?s?\.?$/i, 3],
  [/^thu(?:r|rs|rsday)?s?\.?$/i, 4], [/^fri(?:day)?s?\.?$/i, 5], [/^sat(?:urday)?s?\.?$/i, 6],
];
const DAY_TOKEN = String.raw`\b(?:sun(?:day)?|mon(?:day)?|tue(?:s|sday)?|wed(?:s|nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?)s?\b\.?`;
const EXCEPT = String.raw`\b(except|excluding|but\s+not|not\s+on|skip(?:ping)?|no)\s+(?:on\s+)?`;
const DAY_LIST = new RegExp(
  String.raw`(?:${EXCEPT}|\b(?:on|every|each)\s+)?${DAY_TOKEN}(?:\s*(?:,|\/|&|\+|and|or|-|–|to|through|thru)\s*${DAY_TOKEN})*(?:\s+only\b)?`, 'gi');
const DAY_GROUPS = new RegExp(
  String.raw`(?:${EXCEPT}|\bon\s+)?\b(?:(week ?days|school ?days|week ?nights)|(week ?ends?)|(school ?nights))\b(?:\s+only\b)?`, 'gi');
/** The letters pharmacies write: "M/W/F", "MWF", "T/Th", "TTh". */
const DAY_LETTERS = /\b(?:on\s+)?(?:(M\s*\/\s*W\s*\/\s*F|MWF|M-W-F)|(Tu?\s*\/\s*Th|TTh|TuTh|T-Th))\b/g;
/** "every other day", "alternate days", "every 3 days", "every third day", "q48h", "QOD". */
const EVERY_N_DAYS = new RegExp(
  String.raw`\bevery\s+(other|second|third|fourth|fifth|sixth|seventh|2nd|3rd|4th|5th|6th|7th|\d{1,2}|${WORD_NUMBER})\s+days?\b`
  + String.raw`|\b(?:on\s+)?alternat(?:e|ing)\s+days?\b|\bq\.?o\.?d\b\.?|\b(?:every|q)\s*(48|72|96)\s*(?:hours?|hrs?|h)\b`, 'gi');
const ORDINALS: Record<string, number> = {
  other: 2, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, '2nd': 2, '3rd': 3, '4th': 4, '5th': 5, '6th': 6, '7th': 7,
};
/** "once weekly", "once a week", "every week", "weekly": on the days given, else the review asks which. */
const WEEKLY = new RegExp(
  String.raw`\b(?:(?:(once|twice|thrice)|(\d|${WORD_NUMBER})\s*(?:x|times))\s*(?:a|per|each|every|\/)\s*(?:week|wk)|once\s+weekly|weekly|every\s+week|q\s?(?:wk|week))\b`, 'gi');


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
  /** The whole line of the pasted text, trimmed (sourceText of a flagged item). */
  source: string;
}

function splitSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  text.split(/\r\n|\r|\n/).forEach((rawLine, line) => {
    // List bullets and numbering at the start of a line.
    const lineText = rawLine.replace(/^\s*(?:[-*•·]+|\d{1,2}[.)](?!\d))\s+/, '');
    for (const part of splitOutsideNumbers(lineText)) {
      for (const piece of splitHeader(part)) {
        const trimmed = piece.text.trim();
        if (trimmed.replace(/[\s,;:.()\-–—]+/g, '') !== '') segments.push({ text: trimmed, line, header: piece.header, source: rawLine.trim() });
      }
    }
  });
  return segments;
}

const NEAR = 24;
/** A clock time, a time keyword or a day name: a comma between two of them lists, it does not cut. */
const LIST_ITEM = new RegExp(String.raw`(?:\d{1,2}(?:[:.]\d{2})?\s?[ap]\.?m\.?|\d{1,2}(?::\d{2})?[ap]\b|(?:[01]\d|2[0-3]):?[0-5]\d|noon|midnight|${DAY_TOKEN})`, 'i');
const LIST_END = new RegExp(String.raw`${LIST_ITEM.source}\s*$`, 'i');
const LIST_START = new RegExp(String.raw`^\s*(?:and\s+|&\s*|or\s+)?${LIST_ITEM.source}(?![\w/])`, 'i');

/**
 * Splits at commas and semicolons (not inside "1,000", brackets, or a list of times or days such
 * as "at 6am, 12pm and 6pm" or "Mon, Wed, Fri"), at sentence ends ("one. 8am"), at " / " between
 * sections ("Morning - Focalin 5mg / Dinner - Omega 3"), and before a taper's "then"
 * ("x 3 days then 5 mL").
 */
function splitOutsideNumbers(line: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '(' || ch === '[') depth++;
    if ((ch === ')' || ch === ']') && depth > 0) depth--;
    if (depth > 0) continue;
    // Look-arounds read a few characters either side, so a long line costs in proportion to its length.
    const before = () => line.slice(Math.max(start, i - NEAR), i);
    const after = () => line.slice(i + 1, i + 1 + NEAR);
    const digitsAround = /\d/.test(line[i - 1] ?? '') && /\d/.test(line[i + 1] ?? '');
    let cut = (ch === ',' && !digitsAround && !(LIST_END.test(before()) && LIST_START.test(after()))) || ch === ';';
    let skip = 1;
    if (ch === '.' && /\s/.test(line[i + 1] ?? '')) {
      const word = /([a-z]+)$/i.exec(before())?.[1]?.toLowerCase() ?? '';
      cut = !ABBREVIATIONS.has(word);
    }
    if (ch === '/' && /\s/.test(line[i - 1] ?? '') && /\s/.test(line[i + 1] ?? '')) cut = true;
    if (ch === ' ' && /^then\b/i.test(after()) && /(?:days?|weeks?|wks?|months?|day\s*1)\s*$/i.test(before())) {
      cut = true;
      skip = 0;
    }
    if (cut) {
      parts.push(line.slice(start, i));
      start = i + skip;
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
  const out: { text: string; header: boolean }[] = [];
  const contentEnd = part.trimEnd().length;
  let start = 0;
  // Only the words since the colon before can make one a header: each colon is read once.
  let since = 0;
  for (const match of part.matchAll(/:(?!\d)/g)) {
    const words = part.slice(since, match.index);
    since = match.index + 1;
    if (since >= contentEnd) {
      out.push({ text: part.slice(start, match.index), header: true });
      return out;
    }
    if (findPhrases(words).length > 0 || HEADER_MEAL.test(words)) {
      out.push({ text: part.slice(start, match.index), header: true });
      start = since;
    }
  }
  out.push({ text: part.slice(start), header: false });
  return out;
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
  | { kind: 'asNeeded'; start: number; end: number }
  /** 0 = Sunday .. 6 = Saturday. */
  | { kind: 'days'; start: number; end: number; days: number[] }
  | { kind: 'everyNDays'; start: number; end: number; interval: number }
  /** "weekly" (perWeek 1), "three times a week". */
  | { kind: 'weekly'; start: number; end: number; perWeek: number }
  /** Days `from` .. `from + days - 1` of the course (0 = its first day). */
  | { kind: 'span'; start: number; end: number; from: number; days: number };

/** The schedule phrases of one segment, in text order, none overlapping. */
function findPhrases(text: string): Phrase[] {
  const found: Phrase[] = [];
  const free = (start: number, end: number) => found.every((p) => end <= p.start || start >= p.end);
  const add = (phrase: Phrase, absorbLead = true) => {
    if (!free(phrase.start, phrase.end)) return;
    if (absorbLead) {
      const lead = PHRASE_LEAD.exec(text.slice(Math.max(0, phrase.start - NEAR), phrase.start));
      if (lead && free(phrase.start - lead[0].trimStart().length, phrase.start)) phrase.start -= lead[0].trimStart().length;
    }
    found.push(phrase);
  };

  for (const m of text.matchAll(AS_NEEDED)) add({ kind: 'asNeeded', start: m.index, end: m.index + m[0].length }, false);
  for (const m of text.matchAll(DURATION)) {
    const days = durationDays(m[1], m[2], m[3]);
    if (days !== null) add({ kind: 'duration', start: m.index, end: m.index + m[0].length, days }, false);
  }
  for (const m of text.matchAll(EVERY_N_DAYS)) {
    const interval = m[2] ? Number(m[2]) / 24 : m[1] ? ORDINALS[m[1].toLowerCase()] ?? numberOf(m[1]) : 2;
    const at = { start: m.index, end: m.index + m[0].length };
    if (interval === 1) add({ kind: 'count', ...at, perDay: 1 }, false);
    else if (interval !== null && Number.isInteger(interval) && interval > 1 && interval <= SCHEDULE_MAX_INTERVAL_DAYS) add({ kind: 'everyNDays', ...at, interval }, false);
  }
  for (const m of text.matchAll(SPAN)) {
    const first = Number(m[1] ?? m[2]);
    const last = m[1] ? first : Number(m[3] ?? m[2]);
    const [from, days] = m[1] ? [(first - 1) * 7, 7] : [first - 1, last - first + 1];
    if (first >= 1 && days >= 1 && from + days <= SCHEDULE_MAX_DURATION_DAYS) add({ kind: 'span', start: m.index, end: m.index + m[0].length, from, days }, false);
  }
  for (const m of text.matchAll(WEEKLY)) {
    const perWeek = m[1] || m[2] ? numberOf(m[1] ?? m[2]) : 1;
    if (perWeek !== null && perWeek >= 1 && perWeek <= 7) add({ kind: 'weekly', start: m.index, end: m.index + m[0].length, perWeek }, false);
  }
  // "except Sundays", "not on weekends": the other days.
  const except = (days: number[], negated: string | undefined) => (negated ? [0, 1, 2, 3, 4, 5, 6].filter((d) => !days.includes(d)) : days);
  for (const m of text.matchAll(DAY_GROUPS)) {
    const days = m[2] ? [1, 2, 3, 4, 5] : m[3] ? [0, 6] : [0, 1, 2, 3, 4];
    add({ kind: 'days', start: m.index, end: m.index + m[0].length, days: except(days, m[1]) }, false);
  }
  for (const m of text.matchAll(DAY_LETTERS)) {
    add({ kind: 'days', start: m.index, end: m.index + m[0].length, days: m[1] ? [1, 3, 5] : [2, 4] }, false);
  }
  for (const m of text.matchAll(DAY_LIST)) {
    const days = dayListOf(m[0].slice(m[1]?.length ?? 0));
    if (days) add({ kind: 'days', start: m.index, end: m.index + m[0].length, days: except(days, m[1]) }, false);
  }
  // "q3h while awake": from the day's start to its end.
  if (text.search(INTERVAL) >= 0) for (const m of text.matchAll(WHILE_AWAKE)) add({ kind: 'range', start: m.index, end: m.index + m[0].length, from: SCHEDULE_DAY_START, to: SCHEDULE_DAY_END }, false);
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
  // "Dinner - Omega 3 1000mg": a meal opening a section.
  const lead = MEAL_LEAD.exec(text);
  if (lead) add({ kind: 'at', start: lead.index, end: lead.index + lead[0].length, time: SCHEDULE_MEAL_TIMES[lead[1].toLowerCase() as keyof typeof SCHEDULE_MEAL_TIMES], isClock: false });
  const header = HEADER_MEAL.exec(text);
  if (header) {
    const time = SCHEDULE_MEAL_TIMES[header[1].toLowerCase() as keyof typeof SCHEDULE_MEAL_TIMES];
    add({ kind: 'at', start: 0, end: text.length, time, isClock: false });
  }
  for (const m of text.matchAll(CLOCK_TIME)) {
    const time = toHhMm(m[2], m[3], m[4] + 'm');
    if (time) add({ kind: 'at', start: m.index + m[1].length, end: m.index + m[0].length, time, isClock: true });
  }
  const fourDigit = [...text.matchAll(CLOCK_4DIGIT)].map((m) => ({ m, start: m.index + m[1].length, end: m.index + m[0].length }));
  fourDigit.forEach(({ m, start, end }, i) => {
    const listed = [fourDigit[i - 1], fourDigit[i + 1]].some((other) =>
      other !== undefined && LIST_SEPARATOR.test(other.start > start ? text.slice(end, other.start) : text.slice(other.end, start)));
    if (!UNIT_NEXT.test(text.slice(end)) && (m[4] || listed || FOUR_DIGIT_LEAD.test(text.slice(0, start)))) {
      add({ kind: 'at', start, end, time: `${m[2]}:${m[3]}`, isClock: true });
    }
  });
  for (const m of text.matchAll(CLOCK_SHORT)) {
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
      // "Morning meds (8:30am):" says when the morning is.
      const refines = !previous.isClock && phrase.isClock && /^[\w\s']{0,30}\(\s*$/.test(between) && /^\s*\)/.test(text.slice(phrase.end));
      if (refines || (previous.isClock !== phrase.isClock && /^[\s:()\-–—]*$/.test(between))) {
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

/**
 * The days of "Mon/Wed/Fri", "Tue & Thu", "Mon-Fri", "on Sundays", "Monday to Friday" (a range
 * wraps: "Fri-Mon"); null for a lone abbreviation written in lower case ("sat", "wed").
 */
function dayListOf(text: string): number[] | null {
  const tokens = [...text.matchAll(new RegExp(DAY_TOKEN, 'gi'))];
  if (tokens.length === 1 && /^[a-z]/.test(tokens[0][0]) && !/day/i.test(tokens[0][0])) return null;
  const days = new Set<number>();
  let previous: number | null = null;
  let previousEnd = 0;
  for (const token of tokens) {
    const day = DAY_WORDS.find(([pattern]) => pattern.test(token[0]))?.[1];
    if (day === undefined) return null;
    const between = text.slice(previousEnd, token.index);
    if (previous !== null && /^\s*(?:-|–|to|through|thru)\s*$/i.test(between)) {
      for (let d: number = previous; d !== day; d = (d + 1) % 7) days.add(d);
    }
    days.add(day);
    previous = day;
    previousEnd = token.index + token[0].length;
  }
  return [...days].sort((a, b) => a - b);
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
  /** The product's strength ("100 mg/ml"), '' when the text gives none. */
  strength: string;
  /** Dosed items are medications; the others take the category of their words. */
  category: ScheduleTaskCategory;
  description: string;
  /** The phrases that decide when: its own, else the block's (see the file comment). */
  effective: Phrase[];
  /** A time was written before it: an untimed item here is listed, not taken for a heading. */
  afterATime: boolean;
  /** The step of a taper this one follows ("x 3 days, then 5 mL daily x 3 days"). */
  after?: Item;
  /** Why the review must ask (set by the reader; more are found when times are resolved). */
  doubt: boolean;
  source: string;
}

interface Found {
  start: number;
  end: number;
  name: string | null;
  dosage: string;
  strength: string;
  own: Phrase[];
  /** Its phrases stand right before it ("9am Tylenol"): they hold for the items after it too. */
  opensBlock: boolean;
  /** A task name cut at 50 characters: the description keeps the whole text. */
  cut?: boolean;
}

/** Phrases that say at what time of day (or that it is as needed). */
const isWhen = (p: Phrase) => !['duration', 'days', 'everyNDays', 'weekly', 'span'].includes(p.kind);
const isTime = (p: Phrase) => isWhen(p) && p.kind !== 'asNeeded';
/** Phrases that say on which days: each kind is taken from the item, else from where its times came from. */
const REPEAT_KINDS = [['days', 'weekly'], ['everyNDays'], ['duration', 'span']] as const;
const isRepeat = (p: Phrase) => !isWhen(p);

/** The item's own phrases, completed by the repeat phrases of `inherited` of the kinds it has none of. */
function withRepeats(own: Phrase[], inherited: Phrase[]): Phrase[] {
  const out = [...own];
  for (const kinds of REPEAT_KINDS) {
    const has = (p: Phrase) => (kinds as readonly string[]).includes(p.kind);
    if (!own.some(has)) out.push(...inherited.filter(has));
  }
  return out;
}

/** Words a caregiver adds after a medication that are instructions, not a task ("shake well", "then stop"). */
const NOTE_LINE = /^(?:then\s+)?(?:stop|discontinue|shake|do not|don't|store|refrigerate|keep|discard|avoid|may|can|if|hold|monitor|watch|check with|call)\b/i;
/** Words that name no medication: "give meds when needed" names none. */
const GENERIC_NAMES = new Set(['med', 'meds', 'medicine', 'medicines', 'medication', 'medications', 'pill', 'pills', 'dose', 'doses', 'it', 'them']);

function readItems(segments: Segment[]): { items: Item[]; sawTime: boolean } {
  const items: Item[] = [];
  /** The phrases of the last header or leading time, and whether they came from a line of their own. */
  let block: Phrase[] = [];
  let blockLine = -1;
  let blockOwnLine = false;
  /** Times of segments with nothing else ("8am, noon, 6pm - cath"): they join the next segment's. */
  let pending: Phrase[] = [];
  let previousSegmentItems: Item[] = [];
  let previous: { segment: Segment; item: Item | null } | null = null;
  let sawTime = false;

  segments.forEach((segment, index) => {
    const phrases = findPhrases(segment.text);
    const hadTimeBefore = sawTime;
    sawTime ||= phrases.some(isTime);
    if (segment.header) {
      if (phrases.length > 0) {
        block = [...pending, ...phrases];
        blockLine = segment.line;
        blockOwnLine = segments[index + 1]?.line !== segment.line;
      }
      pending = [];
      previousSegmentItems = [];
      previous = { segment, item: null };
      return;
    }
    const masked = mask(segment.text, phrases);
    const found = findItems(segment.text, masked, phrases);
    const lastItem = previous?.item ?? null;
    const sameLine = previous?.segment.line === segment.line;
    const startsWithThen = /^then\b/i.test(segment.text);

    if (found.length === 0) {
      // Only schedule phrases: "Lactulose 7.5 mL once a day, alternate days, at 6pm" and
      // "Amoxicillin 250mg, twice a day" belong to the item before on the line; "8am, noon, 6pm -
      // cath" opens the block for what follows.
      const before = previousSegmentItems.filter((item) => sameLine || !item.effective.some(isWhen));
      if (before.length > 0 && !startsWithThen) {
        for (const item of before) item.effective = [...item.effective, ...phrases];
      } else if (phrases.some(isWhen)) {
        pending = [...pending, ...phrases];
      }
      return;
    }

    // Words without a dose or schedule of their own after an item: on its line, or an instruction
    // ("then stop", "shake well", "for drooling"), they are a note on it, never a task.
    const plainWords = found.length === 1 && found[0].dosage === '' && found[0].strength === '' && !phrases.some(isWhen);
    if (plainWords && lastItem && ((sameLine && (lastItem.dosage !== '' || lastItem.strength !== '' || phrases.length === 0)) || NOTE_LINE.test(segment.text))) {
      const medication = lastItem.dosage !== '' || lastItem.strength !== '';
      lastItem.description = [lastItem.description || (sameLine && !medication ? previous!.segment.text : ''), segment.text].filter(Boolean).join(', ');
      lastItem.effective = [...lastItem.effective, ...phrases];
      return;
    }

    // "AMOXICILLIN 400MG/5ML SUSP. Give 5 mL by mouth every 12 hours": a label's next sentence gives
    // the dose and schedule of the medication named before it.
    if (found[0].name === null && !startsWithThen && lastItem && sameLine && lastItem.dosage === '' && lastItem.strength !== '' && !lastItem.effective.some(isWhen)) {
      const [first] = found.splice(0, 1);
      lastItem.dosage = first.dosage;
      lastItem.doubt = false;
      lastItem.description = `${previous!.segment.text}. ${segment.text}`;
      lastItem.effective = [...first.own, ...phrases.filter((p) => p.end <= first.start)];
      if (found.length === 0) return;
    }

    const leading = [...pending, ...phrases.filter((p) => p.end <= found[0].start && !found[0].own.includes(p))];
    pending = [];
    let segmentBlock: Phrase[] | null = leading.some(isWhen) || leading.some(isRepeat) ? leading : null;
    // Repeat phrases of a block hold on its own line, or below a header that has a line of its own.
    const blockRepeats = blockOwnLine || blockLine === segment.line ? block : [];
    // A medication's description is its note: the words left once names, doses and schedule are read.
    const dosed = found.some((f) => f.dosage !== '' || f.strength !== '');
    const description = found[0].cut ? segment.text : dosed ? noteOf(masked, found) : saysMore(masked, found) ? segment.text : '';
    const segmentItems: Item[] = [];
    found.forEach((f, i) => {
      // "x 3 days, then 5 mL daily x 3 days": the next step of the taper of the item before.
      // Without "then" too: "40 mg daily x 3 days, 30 mg daily x 3 days" when both steps have a duration.
      const continues = startsWithThen || (f.name === null && phrases.some((p) => p.kind === 'duration') && lastItem?.effective.some((p) => p.kind === 'duration'));
      const step = i === 0 && continues && lastItem !== null && sameLine && lastItem.name !== null
        && (f.name === null || f.name.toLowerCase() === lastItem.name.toLowerCase()) ? lastItem : undefined;
      let effective: Phrase[];
      if (step) {
        effective = stepPhrases(f.own.length > 0 ? f.own : phrases, step.effective);
      } else if (f.own.some(isWhen)) {
        effective = withRepeats(f.own, segmentBlock ?? blockRepeats);
        if (f.opensBlock) segmentBlock = f.own.filter((p) => p.end <= f.start);
      } else {
        const later = found.slice(i + 1).find((g) => g.own.some(isWhen) && !g.opensBlock);
        const inherited = segmentBlock ?? later?.own ?? block;
        effective = withRepeats([...inherited.filter(isWhen), ...f.own], segmentBlock ?? later?.own ?? blockRepeats);
      }
      // "Topiramate 25mg: 1 tab in the morning, 2 tabs at night": another dose of the medication before.
      const same = step ?? (i === 0 && f.name === null && lastItem !== null && sameLine && lastItem.name !== null
        && (lastItem.dosage !== '' || lastItem.strength !== '') ? lastItem : undefined);
      const name = same ? same.name : f.name;
      const item: Item = {
        name,
        dosage: f.dosage,
        strength: f.strength || (same?.strength ?? ''),
        category: same ? same.category : f.dosage || f.strength ? 'medication' : detectCategory(segment.text),
        description,
        effective,
        afterATime: hadTimeBefore || phrases.some(isTime),
        after: step,
        // "Keppra 250 at 8am": a number where the dose would be; a strength without a dose.
        doubt: (f.dosage === '' && f.strength === '' && name !== null && /\s\d{2,}\b/.test(name)) || (f.strength !== '' && f.dosage === '' && !step),
        source: segment.source,
      };
      segmentItems.push(item);
      items.push(item);
    });
    if (segmentBlock) {
      block = segmentBlock;
      blockLine = segment.line;
      blockOwnLine = false;
    }
    previousSegmentItems = segmentItems;
    previous = { segment, item: segmentItems[segmentItems.length - 1] };
  });
  return { items, sawTime };
}

/**
 * A taper step's phrases: its own, with the previous step's clock times when it gives none and
 * its frequency (if any) matches them ("2.5 mL twice daily" after "5 mL twice daily (9am & 9pm)"),
 * and the previous step's days and interval when it gives none. Never the previous duration.
 */
function stepPhrases(own: Phrase[], previous: Phrase[]): Phrase[] {
  const out = [...own];
  const explicit = previous.filter((p) => p.kind === 'at' || p.kind === 'range' || p.kind === 'meals');
  const count = own.find((p) => p.kind === 'count');
  const previousTimes = resolve(previous).times.length;
  if (!own.some((p) => p.kind === 'at' || p.kind === 'range' || p.kind === 'meals' || p.kind === 'interval')
    && (count?.kind !== 'count' || count.perDay === previousTimes)) {
    out.push(...(explicit.length > 0 ? explicit : previous.filter((p) => p.kind === 'count' || p.kind === 'interval')));
  }
  for (const kinds of [['days', 'weekly'], ['everyNDays']] as const) {
    const has = (p: Phrase) => (kinds as readonly string[]).includes(p.kind);
    if (!own.some(has)) out.push(...previous.filter(has));
  }
  return out;
}

/** Whether a segment says more than its items' names, doses and schedule phrases. */
function saysMore(masked: string, found: Found[]): boolean {
  let rest = masked;
  for (const f of found) rest = rest.slice(0, f.start) + ' '.repeat(f.end - f.start) + rest.slice(f.end);
  const words = rest.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? [];
  return words.some((word) => !NAME_LEAD_WORDS.has(word));
}

/** "via GT (8am, 2pm) for drooling" -> "for drooling": the words of a segment that are no name, dose or schedule. */
function noteOf(masked: string, found: Found[]): string {
  let rest = masked;
  for (const f of found) rest = rest.slice(0, f.start) + ' '.repeat(f.end - f.start) + rest.slice(f.end);
  const words = rest.replace(/\|+/g, ' ').split(/\s+/).filter((word) => /[a-z0-9]/i.test(word));
  const filler = (word: string) => {
    const lower = word.toLowerCase().replace(/[^a-z0-9'’-]/g, '');
    return lower === '' || ROUTE_WORDS.has(lower)
      || ['via', 'by', 'give', 'take', 'then', 'and', 'of', 'at', 'to', 'decrease', 'increase', 'reduce', 'wean', 'taper'].includes(lower);
  };
  while (words.length > 0 && filler(words[0])) words.shift();
  while (words.length > 0 && filler(words[words.length - 1])) words.pop();
  const note = words.join(' ').replace(/^[\s,;:.)\-–—]+|[\s,;:(\-–—]+$/g, '');
  return note.split(/\s+/).some((word) => /[a-z]{3,}/i.test(word) && !NAME_LEAD_WORDS.has(word.toLowerCase())) ? note : '';
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
  for (const amount of amountsOf(masked)) {
    const last = found[found.length - 1];
    // "Tylenol 160mg (5 ml)", "1 1/2 tablets (15 mg)": the same dose said again.
    if (amount.kind === 'dose' && last && /\(\s*$/.test(masked.slice(windowStart, amount.start))) {
      last.dosage = last.dosage ? `${last.dosage} (${amount.value})` : amount.value;
      last.end = windowStart = amount.end;
      continue;
    }
    const before = nameBefore(masked.slice(windowStart, amount.start));
    const after = before ? null : nameAfter(masked.slice(amount.end));
    const fields = amount.kind === 'dose' ? { dosage: amount.value, strength: '' } : { dosage: '', strength: amount.value };
    if (before) {
      found.push({ start: windowStart + before.offset, end: amount.end, name: before.name, ...fields, own: [], opensBlock: false });
      windowStart = amount.end;
    } else if (after) {
      windowStart = amount.end + after.end;
      found.push({ start: amount.start, end: windowStart, name: after.name, ...fields, own: [], opensBlock: false });
    } else if (last) {
      // "Levetiracetam 100 mg/mL oral solution - give 2.5 mL", "Keppra 500mg tab: 1 tab": more of
      // the item before. A weight then a counted form is strength then dose.
      if (amount.kind === 'strength') last.strength ||= amount.value;
      else if (last.dosage === '') last.dosage = amount.value;
      else if (last.strength === '' && isWeight(last.dosage) && !isWeight(amount.value)) {
        last.strength = last.dosage;
        last.dosage = amount.value;
      } else last.dosage = `${last.dosage}, ${amount.value}`;
      last.end = windowStart = amount.end;
    } else {
      found.push({ start: amount.start, end: amount.end, name: null, ...fields, own: [], opensBlock: false });
      windowStart = amount.end;
    }
  }
  if (found.length === 0) {
    const words = textTaskName(masked);
    if (words) {
      const first = masked.search(/[^\s|:,;.()\-–—]/);
      const name = words.slice(0, SCHEDULE_TASK_NAME_MAX).trim();
      found.push({ start: first, end: masked.length, name, dosage: '', strength: '', own: [], opensBlock: false, cut: name !== words });
    }
  }
  assignPhrases(text, found, phrases);
  return found;
}

/** Strengths ("100 mg/mL", "2 mg/5 mL") and doses of a masked segment, in text order. */
function amountsOf(masked: string): { kind: 'dose' | 'strength'; start: number; end: number; value: string }[] {
  const out: { kind: 'dose' | 'strength'; start: number; end: number; value: string }[] = [];
  for (const m of masked.matchAll(STRENGTH)) {
    const start = m.index + m[1].length;
    const per = m[4] ? `${normalizeNumber(m[4])} ${normalizeUnit(m[5])}` : normalizeUnit(m[5]);
    out.push({ kind: 'strength', start, end: m.index + m[0].length, value: `${normalizeNumber(m[2])} ${normalizeUnit(m[3])}/${per}` });
  }
  for (const m of masked.matchAll(DOSE)) {
    const start = m.index + (m[1]?.length ?? 0);
    const end = m.index + m[0].length;
    if (out.some((a) => a.kind === 'strength' && start < a.end && end > a.start)) continue;
    out.push({ kind: 'dose', start, end, value: normalizeDose(m) });
  }
  return out.sort((a, b) => a.start - b.start);
}

const isWeight = (dosage: string) => /\d\s(?:mg|mcg|g|IU|mEq|mmol)$/.test(dosage);

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
  // "(Keppra)" is an aside; "Nebulizer (Pulmicort 0.25 mg": the name starts after the bracket.
  const trimmed = window.replace(/\([^()|]*\)/g, (m) => ' '.repeat(m.length)).replace(/[([]/g, ' ').replace(/[\s:=\-–—]+$/, '');
  const tokens = [...trimmed.matchAll(/\S+/g)];
  const words: RegExpMatchArray[] = [];
  let skipped = false;
  for (let i = tokens.length - 1; i >= 0 && words.length < NAME_MAX_WORDS; i--) {
    const token = tokens[i][0];
    // "Tylenol every day 2 tabs": one schedule phrase between the name and its dose.
    if (/^\|+$/.test(token) && words.length === 0 && !skipped && i > 0) {
      skipped = true;
      continue;
    }
    // "Omega 3 1000mg": a one- or two-digit number right after a word belongs to the name.
    const numberInName = /^\d{1,2}$/.test(token) && words.length === 0 && /^[a-z]{3,}$/i.test(tokens[i - 1]?.[0] ?? '');
    if (!numberInName && (!/^[a-z][a-z0-9'’-]*$/i.test(token) || NAME_LEAD_WORDS.has(token.toLowerCase()))) break;
    words.unshift(tokens[i]);
  }
  // "tab" of "500mg tab: 1 tab" is a form, not a medication.
  while (words.length > 0 && (FORM_WORDS.has(words[words.length - 1][0].toLowerCase()) || NAME_TAIL_WORDS.has(words[words.length - 1][0].toLowerCase()))) words.pop();
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
  // Separators and connectors at either end go, a few characters at a time (cost in proportion to the text).
  let start = 0;
  let end = text.length;
  for (;;) {
    while (start < end && /[\s|,;:.()\-–—&]/.test(text[start])) start++;
    while (end > start && /[\s|,;:.(\-–—&]/.test(text[end - 1])) end--;
    const lead = /^(?:give|take|then|and|also|plus|at|with|the|do)\s+/i.exec(text.slice(start, start + NEAR));
    const tail = /\s+(?:at|then|and|or|with|from|to|every|each|in|on|for|by|the)$/i.exec(text.slice(Math.max(start, end - NEAR), end));
    if (lead) start += lead[0].length;
    else if (tail) end -= tail[0].length;
    else break;
  }
  text = text.slice(start, end);
  // Brackets emptied by the masking ("Cath (6a, 10a)") go too.
  text = text.replace(/\s*\|[\s|]*/g, ' ').replace(/[([][\s,;&/]*(?:(?:and|or)[\s,;&/]*)*[)\]]/gi, ' ').replace(/\s{2,}/g, ' ').trim();
  // "Give 2 p.o. daily" names nothing: a name needs a word that is not a number, a route or a connector.
  const named = (text.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? [])
    .some((word) => CATEGORY_WORDS.has(word) || (word.length > 2 && !ROUTE_WORDS.has(word) && !NAME_LEAD_WORDS.has(word)));
  return named ? text : null;
}

function normalizeDose(dose: RegExpMatchArray): string {
  if (dose[8]) return dose[8];
  if (dose[6]) {
    const whole = numberOf(dose[6].split(/\s+/)[0]) ?? dose[6];
    return `${whole} 1/2 ${normalizeUnit(dose[7])}`;
  }
  const rawNumber = dose[2] ?? dose[4];
  const number = dose[2] !== undefined ? normalizeNumber(dose[2]) : /^half/i.test(rawNumber) ? '1/2' : String(numberOf(rawNumber));
  return `${number} ${normalizeUnit(dose[3] ?? dose[5])}`;
}

function normalizeNumber(text: string): string {
  if (/^\d+\s+\d\/\d$/.test(text)) return text.replace(/\s+/g, ' ');
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

interface When {
  times: string[];
  asNeeded: boolean;
  durationDays?: number;
  /** "Week 2", "Days 1-3": where in the course, from its first day. */
  span?: { from: number; days: number };
  /** 0 = Sunday .. 6; absent: every day. */
  days?: number[];
  interval?: number;
  /** "weekly" (1), "three times a week": with no day list the review must say which days. */
  perWeek?: number;
  /** The times written do not agree with the frequency ("twice daily at 8am"). */
  conflict: boolean;
}

/**
 * Explicit times win (clock times, keywords, meals; a range without "every N hours" gives both
 * ends); then "every N hours" (from A to B, else around the clock from 08:00); then "N times a day";
 * then once (08:00) on the days of "every other day", "weekly" or a day list.
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
  const everyNDays = phrases.find((p) => p.kind === 'everyNDays');
  const weeklyPhrase = phrases.find((p) => p.kind === 'weekly');
  const weekly = weeklyPhrase !== undefined;
  const dayLists = phrases.flatMap((p) => (p.kind === 'days' ? p.days : []));
  const span = phrases.find((p) => p.kind === 'span');
  if (times.length === 0 && (everyNDays || weekly || span || dayLists.length > 0) && !phrases.some((p) => p.kind === 'asNeeded')) times = spread(1);
  const duration = phrases.find((p) => p.kind === 'duration');
  const unique = [...new Set(times.map((m) => m % (24 * 60)))].sort((a, b) => a - b);
  const days = [...new Set(dayLists)].sort((a, b) => a - b);
  const written = phrases.filter((p) => p.kind === 'at').length;
  return {
    times: unique.map(clock),
    asNeeded: phrases.some((p) => p.kind === 'asNeeded'),
    durationDays: duration?.kind === 'duration' ? duration.days : undefined,
    span: span?.kind === 'span' ? { from: span.from, days: span.days } : undefined,
    days: days.length > 0 && days.length < 7 ? days : undefined,
    interval: everyNDays?.kind === 'everyNDays' ? everyNDays.interval : undefined,
    perWeek: weeklyPhrase?.kind === 'weekly' ? weeklyPhrase.perWeek : undefined,
    conflict: count?.kind === 'count' && written > 0 && !phrases.some((p) => p.kind === 'range' || p.kind === 'meals') && written !== count.perDay,
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
    listed.sourceText = item.source;
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
