import { afterEach, describe, expect, it } from '@jest/globals';
import { monthDay, weekdayName } from './dates';

// Today's header writes the care team's date (yyyy-mm-dd in the profile's zone): the same words on
// the server that renders the page and in the browser that hydrates it, whatever either's zone.
describe('weekdayName and monthDay', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it.each(['Pacific/Kiritimati', 'UTC', 'Pacific/Pago_Pago'])('write the calendar date itself in %s', (deviceZone: string) => {
    process.env.TZ = deviceZone;
    expect(`${weekdayName('2026-11-26')}, ${monthDay('2026-11-26')}`).toBe('Thursday, November 26');
    expect(`${weekdayName('2027-01-01')}, ${monthDay('2027-01-01')}`).toBe('Friday, January 1');
  });
});
