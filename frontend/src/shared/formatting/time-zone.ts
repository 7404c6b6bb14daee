import { DEFAULT_TIMEZONE } from '@carecircle/libs';

/** The browser's IANA time zone; falls back to the product default when detection fails. */
export function detectTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) return zone;
    console.warn(`Could not detect the browser time zone; using ${DEFAULT_TIMEZONE}.`);
  } catch (error) {
    console.warn(`Could not detect the browser time zone; using ${DEFAULT_TIMEZONE}.`, error);
  }
  return DEFAULT_TIMEZONE;
}

/**
 * Zones already checked: a formatter made for a zone costs milliseconds on a slow phone (its data is
 * looked up), and Today asks on every render (docs/performance.md, issue 27).
 */
const knownZones = new Map<string, boolean>();

function isKnownZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/** `zone` when the browser knows it, else the browser's own zone. */
export function zoneOrBrowser(zone: string | undefined): string {
  if (zone && isKnownZone(zone)) return zone;
  return detectTimeZone();
}
