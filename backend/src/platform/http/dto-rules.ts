import { applyDecorators } from '@nestjs/common';
import {
  IsIn,
  IsInt,
  IsString,
  isEmail,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import {
  dateProblem,
  dateProblemMessage,
  isDateInRange,
  isIntInRange,
  isLocalTime,
  isSafeLink,
  isSafeText,
  isStockAmount,
  isUuid,
  INT4_MAX,
  LINK_MAX_LENGTH,
  VALIDATION_MESSAGES,
} from '@carecircle/libs';

/**
 * The request rules every command DTO is written with (docs/validation.md). Each rule keeps what a
 * PostgreSQL column or the schema can hold: dates 1900-01-01..2100-12-31, clock times 00:00-23:59,
 * integers within their column, text within its length and without NUL or unpaired surrogates,
 * enums within the schema's values. A refused value is a 400 naming the field (validation.ts).
 * The deciders check the values they compute from these (a date in a zone, a default end date).
 *
 * The rule names (`isCalendarDate`, `isClockTime`, ...) are what the boundary test
 * (dto-boundaries.e2e.spec.ts) reads to know which values to try on each field.
 */

type Message = string | ((args: ValidationArguments) => string);

/** Absent or null both mean "not given": the field's other rules are skipped. */
const given = (_: object, value: unknown) => value !== null && value !== undefined;
export const IfGiven = () => ValidateIf(given);

const blank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** Text without NUL or an unpaired surrogate (each element with `each`). A non-string is IsString's business. */
export function IsSafeText(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isSafeText',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || isSafeText(value),
        defaultMessage: () => `$property ${VALIDATION_MESSAGES.unsafeText}`,
      },
    },
    options,
  );
}

/** A string of at most `max` characters, storable as text. `message` is the one for a missing or non-string value. */
export function IsText(max: number, options: { message?: Message; each?: boolean } = {}) {
  const { message, each } = options;
  return applyDecorators(IsString({ message, each }), MaxLength(max, { each }), IsSafeText({ each }));
}

/** A string of `min` to `max` characters (passwords), storable as text. */
export function IsTextOfLength(min: number, max: number, message: string) {
  return applyDecorators(IsString({ message }), Length(min, max, { message }), IsSafeText());
}

/**
 * An email address of at most 254 characters (checked for safe text first: the email parser throws
 * on a lone surrogate). With `optional` (contact fields the decider trims), blank means "none" and
 * the address is judged without its surrounding spaces.
 */
export function IsEmailAddress(message: string, options: { optional?: boolean } = {}) {
  const isAddress = (text: string) => text.length <= 254 && isSafeText(text) && isEmail(text);
  return applyDecorators(
    ValidateBy({
      name: 'isEmailAddress',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && (options.optional ? blank(value) || isAddress(value.trim()) : isAddress(value)),
        defaultMessage: () => message,
      },
    }),
    MaxLength(254),
    IsSafeText(),
  );
}

/**
 * A link the product stores and renders (videoLink, profileImageUrl, photoUrl, imageUrl): an
 * `https://` URL with a host and no credentials, or a path POST /api/upload answered (libs
 * `isSafeLink`), within the field's length. Blank means "none"; the decider stores it trimmed.
 */
export function IsLink() {
  return applyDecorators(
    ValidateBy({
      name: 'isLink',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && (blank(value) || isSafeLink(value.trim())),
        defaultMessage: () => `$property ${VALIDATION_MESSAGES.notLink}`,
      },
    }),
    MaxLength(LINK_MAX_LENGTH),
  );
}

/** One of the schema's values (libs/src/schema.ts and friends). */
export function IsOneOf(values: readonly unknown[], message: Message, options: { each?: boolean } = {}) {
  return IsIn(values as unknown[], { message, each: options.each });
}

/** A whole number within [min, max] (the column's range: INT4_MAX for `integer`). */
export function IsIntIn(min: number, max: number, messages: { type?: Message; min?: Message; max?: Message } = {}) {
  const range = `$property must be a whole number from ${min} to ${max}`;
  return applyDecorators(
    IsInt({ message: messages.type ?? range }),
    Min(min, { message: messages.min ?? range }),
    Max(max, { message: messages.max ?? range }),
  );
}

/**
 * An amount (medication stock, dose, refill): a JSON number with at most 2 decimals within
 * [min, max], or more than min with `exclusiveMin`. Text, NaN and infinities are refused.
 */
export function IsAmountIn(min: number, max: number, message: string, options: { exclusiveMin?: boolean } = {}) {
  const exclusiveMin = options.exclusiveMin === true;
  return ValidateBy({
    name: 'isAmount',
    constraints: [min, max, exclusiveMin],
    validator: { validate: (value: unknown) => isStockAmount(value, min, max, exclusiveMin), defaultMessage: () => message },
  });
}

/**
 * Degrees of a location (latitude, longitude): a JSON number within [min, max], any precision (the
 * decider keeps 8 decimals). Text, NaN and infinities are refused.
 */
export function IsDegreesIn(min: number, max: number, message: string) {
  return ValidateBy({
    name: 'isDegrees',
    constraints: [min, max],
    validator: { validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max, defaultMessage: () => message },
  });
}

/** The UUID form Nest's ParseUUIDPipe accepts (a body field naming a record; with `each`, a list of them). */
export function IsUuid(message: string = VALIDATION_MESSAGES.notUuid, options: { each?: boolean } = {}) {
  return ValidateBy({ name: 'isUuid', validator: { validate: isUuid, defaultMessage: () => message } }, { each: options.each });
}

const DATE_PART = /^(\d{4}-\d{2}-\d{2})(?:$|T)/;

/**
 * A calendar date: yyyy-mm-dd (or, with `dateTime`, an ISO date-time whose date part is read) that
 * is real (2026-02-30 is refused, not rolled over) and within 1900-01-01..2100-12-31; with
 * `notInFuture`, not after today (UTC, as the decider judges with the command's time). Blank text
 * (and the `absent` words) means not given: whether the field is required is the decider's rule.
 * `message` is the field's message for a badly written date; out of range has its own.
 */
export function IsCalendarDate(options: { message: string; dateTime?: boolean; notInFuture?: boolean; absent?: readonly string[] }) {
  const absent = new Set(['', ...(options.absent ?? [])]);
  const problem = (value: unknown) => {
    if (typeof value !== 'string' || value.length > 40) return 'format' as const;
    const text = value.trim();
    if (absent.has(text)) return null;
    const date = options.dateTime ? DATE_PART.exec(text)?.[1] : text;
    return dateProblem(date, options.notInFuture ? { notAfter: new Date().toISOString().slice(0, 10) } : {});
  };
  return ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (value: unknown) => problem(value) === null,
      defaultMessage: (args?: ValidationArguments) => dateProblemMessage(problem(args?.value) ?? 'format', options.message),
    },
  });
}

/**
 * A date in a query string (`?date=`, `?startDate=`): a real yyyy-mm-dd within 1900-01-01..2100-12-31,
 * like IsCalendarDate, but blank is refused too: a query parameter means "not given" only when it is
 * left out (pair it with IsOptional). A repeated parameter (an array) is refused.
 */
export function IsQueryDate(message: string) {
  return ValidateBy({
    name: 'isQueryDate',
    validator: {
      validate: (value: unknown) => dateProblem(value) === null,
      defaultMessage: (args?: ValidationArguments) => dateProblemMessage(dateProblem(args?.value) ?? 'format', message),
    },
  });
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::([0-5]\d))?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/i;

/** Whether `text` is a clock time in one of the forms the options allow. */
export function isClockTimeText(text: string, options: { seconds?: boolean; singleDigitHour?: boolean; dateTime?: boolean } = {}): boolean {
  const clock = CLOCK.exec(text);
  if (clock) {
    if (clock[3] !== undefined && !options.seconds) return false;
    const hhmm = `${clock[1].padStart(2, '0')}:${clock[2]}`;
    return (clock[1].length === 2 || options.singleDigitHour === true) && isLocalTime(hhmm);
  }
  const dateTime = options.dateTime ? DATE_TIME.exec(text) : null;
  return dateTime !== null && isDateInRange(dateTime[1]) && isLocalTime(dateTime[2]);
}

/**
 * A clock time HH:MM from 00:00 to 23:59 (24:00, 23:60 and 7:5 are refused); options admit
 * HH:MM:SS, H:MM, or an ISO date-time (its date within the date range). Blank means not given.
 */
export function IsClockTime(options: { message: string; seconds?: boolean; singleDigitHour?: boolean; dateTime?: boolean; each?: boolean }) {
  const { message, each, ...forms } = options;
  return ValidateBy(
    {
      name: 'isClockTime',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.length <= 40 && (blank(value) || isClockTimeText(value.trim(), forms)),
        defaultMessage: () => message,
      },
    },
    { each },
  );
}

/** HH:MM -> note (a note per time of a task or template): at most 96 times, notes of at most `max` characters. */
export function IsTimeNotes(max: number) {
  return ValidateBy({
    name: 'isTimeNotes',
    constraints: [max],
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length <= 96 &&
        Object.entries(value).every(
          ([time, note]) => isClockTimeText(time, { seconds: true, singleDigitHour: true }) && typeof note === 'string' && note.length <= max && isSafeText(note),
        ),
      defaultMessage: () => `timeNotes must map times (HH:MM) to texts of at most ${max} characters`,
    },
  });
}

/** Days of the week: day names (any case) or 0 (Sunday) to 6, as numbers or digits; at most 14 entries. */
export function IsDaysOfWeek(message: string) {
  const DAY = /^(sunday|monday|tuesday|wednesday|thursday|friday|saturday|[0-6])$/i;
  return ValidateBy({
    name: 'isDaysOfWeek',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) &&
        value.length <= 14 &&
        value.every((day) => (typeof day === 'number' ? isIntInRange(day, 0, 6) : typeof day === 'string' && DAY.test(day.trim()))),
      defaultMessage: () => message,
    },
  });
}

/**
 * Minutes as a form sends them (appointment travel and prep time): a number, or text where anything
 * non-numeric means 0 (spec). A number, or numeric text, must be 0 to INT4_MAX.
 */
export function IsMinutes(messages: { min: string; max: string }) {
  const problem = (value: unknown): 'type' | 'min' | 'max' | null => {
    if (typeof value === 'string') {
      if (value.length > 40 || !isSafeText(value)) return 'type';
      if (value.trim() === '' || !Number.isFinite(Number(value))) return null; // becomes 0
      value = Number(value);
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) return 'type';
    return value < 0 ? 'min' : value > INT4_MAX ? 'max' : null;
  };
  return ValidateBy({
    name: 'isMinutes',
    validator: {
      validate: (value: unknown) => problem(value) === null,
      defaultMessage: (args?: ValidationArguments) => {
        const found = problem(args?.value);
        return found === 'min' ? messages.min : found === 'max' ? messages.max : '$property must be a number of minutes';
      },
    },
  });
}
