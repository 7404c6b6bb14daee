/**
 * Local dates and clock times in the care team's time zone (DESIGN.md: the primary caregiver's
 * profile timezone, never a hard-coded Pacific zone). Pure functions over Intl only: the caller
 * passes the instant, nothing here reads the clock.
 *
 * DST: a local time that does not exist (the spring-forward gap) moves forward by the gap
 * (02:30 becomes 03:30); a local time that happens twice (fall back) takes the earlier instant.
 * This is Temporal's 'compatible' disambiguation.
 */

export const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date written yyyy-mm-dd. */
export function isLocalDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = LOCAL_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** HH:MM on a 24-hour clock. */
export function isLocalTime(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_TIME.test(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the formatter writes: "MM/DD/YYYY, HH:MM:SS" (en-US, h23). */
const FORMATTED = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;

function wallClock(epochMs: number, zone: string): Wall {
  const date = new Date(epochMs);
  // format() and a fixed pattern cost a third of formatToParts(); anything else (a year outside
  // 1000-9999, another ICU's punctuation) is read part by part.
  const m = FORMATTED.exec(formatter(zone).format(date));
  if (m) return { year: Number(m[3]), month: Number(m[1]), day: Number(m[2]), hour: Number(m[4]) % 24, minute: Number(m[5]), second: Number(m[6]) };
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at that instant, in milliseconds (local minus UTC). */
function offsetAt(epochMs: number, zone: string): number {
  const w = wallClock(epochMs, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The instant (ISO 8601, UTC 'Z') at which the clocks in `zone` show `date` `time`.
 * Throws a RangeError for a malformed date or time or an unknown zone.
 */
export function localDateTimeToInstant(date: string, time: string, zone: string): string {
  if (!isLocalDate(date)) throw new RangeError(`Not a date (yyyy-mm-dd): ${date}`);
  if (!isLocalTime(time)) throw new RangeError(`Not a time (HH:MM): ${time}`);
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const DAY = 86_400_000;
  const before = offsetAt(wall - DAY, zone);
  const after = offsetAt(wall + DAY, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => {
      const w = wallClock(instant, zone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === wall;
    })
    .sort((a, b) => a - b);
  // In a gap no candidate matches: keep the offset in force before the transition (moves forward).
  const instant = candidates.length > 0 ? candidates[0] : wall - before;
  return new Date(instant).toISOString();
}

/** The local date (yyyy-mm-dd) and clock time (HH:MM) of an instant in `zone`. */
export function instantToLocal(instant: string | Date, zone: string): { date: string; time: string } {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  const w = wallClock(ms, zone);
  return { date: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** Today's date in `zone` at the instant `now`. */
export function localDate(now: Date, zone: string): string {
  return instantToLocal(now, zone).date;
}

/** yyyy-mm-dd plus whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  const ms = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/** '09:05' -> '9:05 AM', '00:30' -> '12:30 AM', '12:00' -> '12:00 PM'. */
export function formatClockTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}
