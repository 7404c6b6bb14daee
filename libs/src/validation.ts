/**
 * Pure input rules both sides need (DESIGN.md: nothing reaches the event store that a projection
 * cannot store). The back end's DTO decorators (backend/src/platform/http/dto-rules.ts) and the
 * deciders apply them; nothing here reads the clock: "today" is always passed in.
 */
import { daysBetween, isLocalDate, LOCAL_DATE } from './scheduling/local-time';

/** Calendar dates the product accepts anywhere (PostgreSQL's `date` holds more; this is the product's range). */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';

/**
 * The longest date range one read may ask for, both ends included (DESIGN.md, Bounds): two months
 * of days, more than any screen shows (the calendar and Upcoming Appointments ask for 7 or 8).
 */
export const DATE_RANGE_MAX_DAYS = 62;

// TEXT_MAX is in schema.ts (every page's first load holds it; the sign-in pages' fields need it
// without this module, which comes with Today's code: docs/performance.md).
export { TEXT_MAX } from './schema';

/** PostgreSQL `integer` (int4). */
export const INT4_MAX = 2_147_483_647;

/**
 * JSON request bodies nest at most this deep (`{"a":{"b":1}}` is 2). The API's deepest payload is 3;
 * the limit keeps recursive parsers and validators far from the stack's end.
 */
export const MAX_JSON_DEPTH = 20;

export const VALIDATION_MESSAGES = {
  dateRange: `Dates must be between ${DATE_MIN} and ${DATE_MAX}.`,
  /** Only dates of birth are refused in the future. */
  dateInFuture: 'Date of birth cannot be in the future',
  rangeTooLong: `A date range is at most ${DATE_RANGE_MAX_DAYS} days.`,
  rangeBackwards: 'The end date must not be before the start date.',
  /** After the field's name: "firstName must not contain ...". */
  unsafeText: 'must not contain NUL characters or unpaired surrogates',
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  badAddress: 'The address contains characters that are not allowed.',
  notUuid: 'Must be an id (UUID).',
  /** After the field's name: "videoLink must be ...". */
  notLink: 'must be an https:// link or a photo uploaded here',
} as const;

/** What is wrong with a yyyy-mm-dd date: not a real date, outside DATE_MIN..DATE_MAX, or after `notAfter`. */
export type DateProblem = 'format' | 'range' | 'future';

export function dateProblem(value: unknown, options: { notAfter?: string } = {}): DateProblem | null {
  if (typeof value !== 'string') return 'format';
  if (!LOCAL_DATE.test(value)) return /^\d{5,}-\d{2}-\d{2}$/.test(value) ? 'range' : 'format';
  if (value < DATE_MIN) return 'range';
  if (value > DATE_MAX && options.notAfter === undefined) return 'range';
  if (!isLocalDate(value)) return 'format';
  if (options.notAfter !== undefined && value > options.notAfter) return 'future';
  return value > DATE_MAX ? 'range' : null;
}

/** The message for a date's problem; a badly written date gets the field's own message. */
export function dateProblemMessage(problem: DateProblem, formatMessage: string): string {
  if (problem === 'range') return VALIDATION_MESSAGES.dateRange;
  if (problem === 'future') return VALIDATION_MESSAGES.dateInFuture;
  return formatMessage;
}

/**
 * What is wrong with a range of two valid dates, both ends included: the end before the start, or
 * more than DATE_RANGE_MAX_DAYS days.
 */
export function dateRangeProblem(start: string, end: string): 'backwards' | 'tooLong' | null {
  const days = daysBetween(start, end) + 1;
  if (days < 1) return 'backwards';
  return days > DATE_RANGE_MAX_DAYS ? 'tooLong' : null;
}

/** A real yyyy-mm-dd date within DATE_MIN..DATE_MAX. */
export function isDateInRange(value: unknown): value is string {
  return dateProblem(value) === null;
}

const DAY_MS = 86_400_000;
/**
 * Instants (ISO 8601) an event may carry: those a date of the range can make at any clock time in
 * any zone (offsets stay within a day), so a date accepted never makes an instant refused, and every
 * instant prints with a four-digit year PostgreSQL reads.
 */
const INSTANT_MIN = Date.parse(`${DATE_MIN}T00:00:00Z`) - DAY_MS;
const INSTANT_MAX = Date.parse(`${DATE_MAX}T23:59:59.999Z`) + DAY_MS;

export function isInstantInRange(value: string): boolean {
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && ms >= INSTANT_MIN && ms <= INSTANT_MAX;
}

/** NUL, or a UTF-16 surrogate without its partner: text PostgreSQL (and JSON in jsonb) cannot store. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/** The text with each unsafe character replaced by U+FFFD (to print a name that held one). */
export function toSafeText(value: string): string {
  return value.replace(new RegExp(UNSAFE_TEXT.source, 'g'), '\ufffd');
}

/** The same form Nest's ParseUUIDPipe accepts (any version): what a PostgreSQL `uuid` column reads. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A whole number within [min, max]. */
export function isIntInRange(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * Where the uploads module serves a stored photo: `/api/uploads/<uuid>.<extension>`, the path
 * POST /api/upload answers. The only relative link the product stores.
 */
export const UPLOAD_PATH_PREFIX = '/api/uploads/';
export const UPLOAD_NAME = new RegExp(`^${UUID_PATTERN}\\.(png|jpg|gif|webp)$`);

/** The stored name an upload path names (`<uuid>.png`), or null when it is no upload path. */
export function uploadNameOf(link: string): string | null {
  if (!link.startsWith(UPLOAD_PATH_PREFIX)) return null;
  const name = link.slice(UPLOAD_PATH_PREFIX.length);
  return UPLOAD_NAME.test(name) ? name : null;
}

/** Links are stored in `text` columns; this is the length every link field accepts. */
export const LINK_MAX_LENGTH = 2000;

/**
 * A link the product stores and renders (video links, profile and task photos): an `https://` URL
 * with a host and no credentials, or one of our upload paths. Nothing else: no `javascript:`,
 * `data:`, `http:` or scheme-relative `//host`, no spaces or control characters, no backslashes
 * (browsers read them as slashes).
 */
export function isSafeLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > LINK_MAX_LENGTH) return false;
  if (uploadNameOf(value) !== null) return true;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!/^https:\/\/[^/?#@\\]/i.test(value) || /[\s\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The link when it is safe to put in an href or src, otherwise undefined (render nothing). */
export function safeLink(value: string | null | undefined): string | undefined {
  return isSafeLink(value) ? value : undefined;
}
