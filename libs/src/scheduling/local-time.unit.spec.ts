import {
  addDays,
  daysBetween,
  formatClockTime,
  instantToLocal,
  isLocalDate,
  isLocalTime,
  localDate,
  localDateTimeToInstant,
} from './local-time';

describe('local time in the care team zone', () => {
  it('turns a local date and time into the instant, in several zones', () => {
    expect(localDateTimeToInstant('2026-11-21', '09:00', 'America/Los_Angeles')).toBe('2026-11-21T17:00:00.000Z');
    expect(localDateTimeToInstant('2026-07-01', '09:00', 'America/Los_Angeles')).toBe('2026-07-01T16:00:00.000Z');
    expect(localDateTimeToInstant('2026-11-21', '09:00', 'Europe/Paris')).toBe('2026-11-21T08:00:00.000Z');
    expect(localDateTimeToInstant('2026-11-21', '09:00', 'Asia/Kolkata')).toBe('2026-11-21T03:30:00.000Z');
    expect(localDateTimeToInstant('2026-11-21', '00:00', 'UTC')).toBe('2026-11-21T00:00:00.000Z');
    expect(localDateTimeToInstant('2026-11-21', '23:59', 'Pacific/Auckland')).toBe('2026-11-21T10:59:00.000Z');
  });

  it('spring forward (Los Angeles, 2026-03-08): times around the gap, and a time in the gap moves forward', () => {
    expect(localDateTimeToInstant('2026-03-08', '01:59', 'America/Los_Angeles')).toBe('2026-03-08T09:59:00.000Z');
    expect(localDateTimeToInstant('2026-03-08', '02:30', 'America/Los_Angeles')).toBe('2026-03-08T10:30:00.000Z');
    expect(instantToLocal('2026-03-08T10:30:00.000Z', 'America/Los_Angeles')).toEqual({ date: '2026-03-08', time: '03:30' });
    expect(localDateTimeToInstant('2026-03-08', '03:00', 'America/Los_Angeles')).toBe('2026-03-08T10:00:00.000Z');
    expect(localDateTimeToInstant('2026-03-08', '09:00', 'America/Los_Angeles')).toBe('2026-03-08T16:00:00.000Z');
  });

  it('fall back (Los Angeles, 2026-11-01): a repeated time takes the earlier instant', () => {
    expect(localDateTimeToInstant('2026-11-01', '01:30', 'America/Los_Angeles')).toBe('2026-11-01T08:30:00.000Z');
    expect(localDateTimeToInstant('2026-11-01', '02:00', 'America/Los_Angeles')).toBe('2026-11-01T10:00:00.000Z');
    expect(localDateTimeToInstant('2026-11-01', '09:00', 'America/Los_Angeles')).toBe('2026-11-01T17:00:00.000Z');
  });

  it('Europe (Paris) DST days and a southern-hemisphere zone', () => {
    expect(localDateTimeToInstant('2026-03-29', '02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z'); // gap: 03:30 CEST
    expect(localDateTimeToInstant('2026-10-25', '02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z'); // repeated: CEST
    expect(localDateTimeToInstant('2026-04-05', '02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z'); // repeated: AEDT
  });

  it('reads an instant back as the local date and time, across midnight', () => {
    expect(instantToLocal('2026-11-21T07:30:00Z', 'America/Los_Angeles')).toEqual({ date: '2026-11-20', time: '23:30' });
    expect(instantToLocal(new Date('2026-11-21T23:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-22', time: '08:30' });
    expect(localDate(new Date('2026-11-21T07:30:00Z'), 'America/New_York')).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-21T04:30:00Z'), 'America/New_York')).toBe('2026-11-20');
  });

  it('round-trips every quarter hour of a DST day that exists', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const instant = localDateTimeToInstant('2026-11-01', time, 'America/Los_Angeles');
      expect(instantToLocal(instant, 'America/Los_Angeles')).toEqual({ date: '2026-11-01', time });
    }
  });

  it('refuses malformed input', () => {
    expect(() => localDateTimeToInstant('2026-02-30', '09:00', 'UTC')).toThrow(RangeError);
    expect(() => localDateTimeToInstant('2026-11-21', '24:00', 'UTC')).toThrow(RangeError);
    expect(() => localDateTimeToInstant('2026-11-21', '09:00', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => instantToLocal('yesterday', 'UTC')).toThrow(RangeError);
  });

  it('validates dates and times', () => {
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
    expect(isLocalDate(20261121)).toBe(false);
    expect(isLocalTime('00:00')).toBe(true);
    expect(isLocalTime('23:59')).toBe(true);
    expect(isLocalTime('9:00')).toBe(false);
    expect(isLocalTime('12:60')).toBe(false);
  });

  it('calendar arithmetic and clock formatting', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-01', '2026-11-08')).toBe(7);
    expect(formatClockTime('09:05')).toBe('9:05 AM');
    expect(formatClockTime('00:30')).toBe('12:30 AM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('20:15')).toBe('8:15 PM');
  });
});
