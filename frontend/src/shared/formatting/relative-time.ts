const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago an instant was, the way a journal reads: "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "4 days ago", then the date ("Nov 21", with the year when it is not this year).
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (Number.isNaN(ago)) return '';
  if (ago < MINUTE) return 'just now';
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (ago < HOUR) return words.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return words.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return words.format(-Math.floor(ago / DAY), 'day');
  const sameYear = at.getFullYear() === now.getFullYear();
  return at.toLocaleDateString(undefined, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

/** The full date and time, for a tooltip or a screen reader: "Nov 21, 2026, 3:05 PM". */
export function fullDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
