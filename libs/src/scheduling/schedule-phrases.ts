/**
 * Schedule phrases (docs/scheduling.md, "Schedule parser"): the words that say when, found in a
 * segment before anything else so they never become names or doses, and how a set of them
 * resolves to clock times, days, an interval and a span. Internal to the parser.
 */

/** Look-arounds read at most this many characters either side: a long text costs in proportion to its length. */
export const NEAR = 24;

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
const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fourteen: 14, thirty: 30, once: 1, twice: 2, thrice: 3,
};
export const WORD_NUMBER = 'a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|thirty';
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
export const HEADER_MEAL = /^\s*(breakfast|lunch|dinner|supper)\s*$/i;
const MEAL_LEAD = /^\s*(breakfast|lunch|dinner|supper)\b(?=\s*[-–—])/i;
const WITH_MEALS = /\b(?:with|after|before)\s+(?:each\s+|every\s+|all\s+)?meals?\b/gi;
const INTERVAL = new RegExp(
  String.raw`\b(?:every|each|q)\s*(\d{1,2}|${WORD_NUMBER}|)\s*(?:(?:-|to)\s*\d{1,2}\s*)?(?:hours?|hrs?|h)\b|\bhourly\b`, 'gi');
const COUNT = new RegExp(
  String.raw`\b(?:(once|twice|thrice)|(\d{1,2}|${WORD_NUMBER})\s*(?:x|times?))\s*(?:(?:a|per|each|every|\/)\s*day\b|daily\b)`
  + String.raw`|\b(?:(q\.?d|daily|every\s?day|each day|once)|(b\.?i\.?d|bd)|(t\.?i\.?d|tds)|(q\.?i\.?d|qds))\b\.?(?!\s*(?:schedule|routine|plan|list|log|tasks?|care|notes?)\b)`,
  'gi');
const DURATION = new RegExp(
  String.raw`\b(?:for|x|×)\s*(?:the\s+next\s+|another\s+)?(\d{1,3}|${WORD_NUMBER})\s*(days?|d|weeks?|wks?|months?|hours?|hrs?)\b|\b(\d{1,3})[- ]day course\b`, 'gi');
const AS_NEEDED = /\b(?:as needed|as required|as necessary|when needed|when required|when necessary|if needed|if required|if necessary|p\.r\.n\.?|prn)(?![a-z])/gi;
/** Words that belong to the schedule phrase after them: "at 8am", "every evening", "in the morning". */
const PHRASE_LEAD = /(?:^|\s)(?:at|@|around|about|by|every|each|in the|this|from|between|starting|start)\s*$/i;
const RANGE_JOIN = /^\s*(?:to|until|till|through|thru|-|–|—)\s*$/i;

// Doses: a number and a unit, or a word number and a counted unit, or (the spec's) bare one..five.
export const MEASURE_UNITS = 'ml|mls|millilit(?:er|re)s?|cc|mcg|µg|micrograms?|mg|milligrams?|g|grams?|iu|i\\.u\\.|units?|meq|mmol';
export const COUNT_UNITS = 'tablets?|tabs?|capsules?|caps?|capfuls?|dropperfuls?|ampoules?|ampules?|respules?|nebules?|puffs?|drops?|gtts?|sprays?|scoops?|patch(?:es)?|packets?|sachets?'
  + '|suppositor(?:y|ies)|pumps?|inhalations?|vials?|nebs?|teaspoons?|tsps?|tablespoons?|tbsps?|chewables?|gumm(?:y|ies)'
  + '|pieces?|lozenges?|applications?|syringes?';
/** A unit right after a number: "1500 mg" is a dose, not 15:00. */
const UNIT_NEXT = new RegExp(String.raw`^\s*(?:${MEASURE_UNITS}|${COUNT_UNITS})(?![a-z])`, 'i');
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
// Days of the week. Full names always count; "Sat", "Sun", "Wed" only as written with a capital
// or in a list of days (a lone "sat" is the verb).
const DAY_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^sun(?:day)?s?\.?$/i, 0], [/^mon(?:day)?s?\.?$/i, 1], [/^tue(?:s|sday)?s?\.?$/i, 2], [/^wed(?:s|nesday)?s?\.?$/i, 3],
  [/^thu(?:r|rs|rsday)?s?\.?$/i, 4], [/^fri(?:day)?s?\.?$/i, 5], [/^sat(?:urday)?s?\.?$/i, 6],
];
export const DAY_TOKEN = String.raw`\b(?:sun(?:day)?|mon(?:day)?|tue(?:s|sday)?|wed(?:s|nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?)s?\b\.?`;
const EXCEPT = String.raw`\b(except|excluding|but\s+not|not\s+on|skip(?:ping)?|no)\s+(?:on\s+)?`;
const DAY_LIST = new RegExp(
  String.raw`(?:${EXCEPT}|\b(?:on|every|each)\s+)?${DAY_TOKEN}(?:\s*(?:,|\/|&|\+|and|or|-|–|to|through|thru)\s*${DAY_TOKEN})*(?:\s+only\b)?`, 'gi');
const DAY_GROUPS = new RegExp(
  String.raw`(?:${EXCEPT}|\bon\s+)?\b(?:(week ?days|school ?days|week ?nights)|(week ?ends?)|(school ?nights))\b(?:\s+only\b)?`, 'gi');
/** The letters pharmacies write: "M/W/F", "MWF", "T/Th", "TTh". */
const DAY_LETTERS = /\b(?:on\s+)?(?:(M\s*\/\s*W\s*\/\s*F|MWF|M-W-F)|(Tu?\s*\/\s*Th|TTh|TuTh|T-Th))\b/g;
/** "every other day", "alternate days", "every 3 days", "every third day", "q48h", "QOD". */
const EVERY_N_DAYS = new RegExp(
  String.raw`\bevery\s+(other|second|third|fourth|fifth|sixth|seventh|2nd|3rd|4th|5th|6th|7th|\d{1,2}|${WORD_NUMBER})\s+(?:days?\b|(?=(?:nights?|mornings?|evenings?)\b))`
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

// ---------------------------------------------------------------------------------------------
// Schedule phrases

export type Phrase =
  | { kind: 'at'; start: number; end: number; time: string; isClock: boolean }
  | { kind: 'range'; start: number; end: number; from: string; to: string }
  | { kind: 'interval'; start: number; end: number; hours: number }
  /** `loose`: "daily", "every day" say it is every day, not how often in it ("at 7 AM and 7 PM every day"). */
  | { kind: 'count'; start: number; end: number; perDay: number; loose?: boolean }
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
export function findPhrases(text: string): Phrase[] {
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
      const loose = m[3] !== undefined && m[3].toLowerCase() !== 'once';
      add({ kind: 'count', start: m.index, end: m.index + m[0].length, perDay, loose });
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
  // "x 24 hours" is a day, "x 48 hours" two; "x 36 hours" is no whole number of days: not read.
  if (u.startsWith('h')) return n % 24 === 0 && n / 24 <= SCHEDULE_MAX_DURATION_DAYS ? n / 24 : null;
  const days = u.startsWith('w') ? n * 7 : u.startsWith('m') ? n * 30 : n;
  return days <= SCHEDULE_MAX_DURATION_DAYS ? days : null;
}

export function numberOf(text: string): number | null {
  const lower = text.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return NUMBER_WORDS[lower] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Times

export interface When {
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
export function resolve(phrases: Phrase[]): When {
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
    conflict: count?.kind === 'count' && !count.loose && written > 0 && !phrases.some((p) => p.kind === 'range' || p.kind === 'meals') && written !== count.perDay,
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

