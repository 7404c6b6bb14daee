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

/** `zone` when the browser knows it, else the browser's own zone. */
export function zoneOrBrowser(zone: string | undefined): string {
  if (zone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      // An unknown zone: fall back to the browser's.
    }
  }
  return detectTimeZone();
}
