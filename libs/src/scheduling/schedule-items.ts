/**
 * Items of schedule text (docs/scheduling.md, "Schedule parser"): the text cut into segments, the
 * medications and tasks in each (names, doses, strengths) and the phrases each one takes, taper
 * steps and notes. Internal to the parser.
 */
import {
  COUNT_UNITS, DAY_TOKEN, findPhrases, HEADER_MEAL, MEASURE_UNITS, NEAR, numberOf, resolve, WORD_NUMBER, type Phrase,
} from './schedule-phrases';

/** The categories a parsed item takes, here beside their keywords so items import nothing of the parser. */
export const SCHEDULE_TASK_CATEGORIES = [
  'medication', 'catheterization', 'therapy', 'appointment', 'personal_care',
] as const;
export type ScheduleTaskCategory = (typeof SCHEDULE_TASK_CATEGORIES)[number];

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

export function splitSegments(text: string): Segment[] {
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
// Items

export interface Item {
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
export const GENERIC_NAMES = new Set(['med', 'meds', 'medicine', 'medicines', 'medication', 'medications', 'pill', 'pills', 'dose', 'doses', 'it', 'them']);

export function readItems(segments: Segment[]): { items: Item[]; sawTime: boolean } {
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

