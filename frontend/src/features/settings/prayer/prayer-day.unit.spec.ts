import { describe, expect, it } from '@jest/globals';
import { currentAndNext, locationLine, minutesNowIn, minutesOfClock, remainingText, storedCoordinates, type FivePrayer } from './prayer-day';

const DAY: FivePrayer[] = [
  { name: 'Fajr', timeFormatted: '5:07 AM' },
  { name: 'Dhuhr', timeFormatted: '12:01 PM' },
  { name: 'Asr', timeFormatted: '3:30 PM' },
  { name: 'Maghrib', timeFormatted: '6:12 PM' },
  { name: 'Isha', timeFormatted: '7:45 PM' },
];
const at = (clock: string) => minutesOfClock(clock);
const names = (moment: ReturnType<typeof currentAndNext>) => moment && [moment.current.name, moment.next.name];

describe('prayer day (widget and sheet)', () => {
  it('reads the server’s 12-hour times as minutes after midnight', () => {
    expect(minutesOfClock('12:00 AM')).toBe(0);
    expect(minutesOfClock('5:07 AM')).toBe(307);
    expect(minutesOfClock('12:01 PM')).toBe(721);
    expect(minutesOfClock('11:59 PM')).toBe(1439);
    expect(minutesOfClock('noon')).toBeNaN();
  });

  it('reads the clock of the user’s zone, not the machine’s', () => {
    const now = new Date('2026-11-28T14:05:00Z');
    expect(minutesNowIn('UTC', now)).toBe(14 * 60 + 5);
    expect(minutesNowIn('Asia/Tokyo', now)).toBe(23 * 60 + 5);
    expect(minutesNowIn('America/Los_Angeles', now)).toBe(6 * 60 + 5);
    expect(minutesNowIn('Asia/Kolkata', new Date('2026-11-28T18:30:00Z'))).toBe(0);
  });

  it('the current prayer is the last one begun, the next the first to come', () => {
    expect(names(currentAndNext(DAY, at('5:07 AM')))).toEqual(['Fajr', 'Dhuhr']);
    expect(names(currentAndNext(DAY, at('1:00 PM')))).toEqual(['Dhuhr', 'Asr']);
    expect(names(currentAndNext(DAY, at('6:11 PM')))).toEqual(['Asr', 'Maghrib']);
  });

  it('before the day’s first prayer the current is Isha and the next Fajr', () => {
    expect(names(currentAndNext(DAY, at('12:00 AM')))).toEqual(['Isha', 'Fajr']);
    expect(names(currentAndNext(DAY, at('5:06 AM')))).toEqual(['Isha', 'Fajr']);
  });

  it('after Isha the next wraps to Fajr', () => {
    expect(names(currentAndNext(DAY, at('7:45 PM')))).toEqual(['Isha', 'Fajr']);
    expect(names(currentAndNext(DAY, at('11:59 PM')))).toEqual(['Isha', 'Fajr']);
  });

  it('no prayers, no current or next', () => {
    expect(currentAndNext([], 600)).toBeNull();
  });

  it('remaining time: Nm under an hour, Hh Mm (or Hh) under a day, whole hours beyond', () => {
    expect(remainingText(0)).toBe('0m');
    expect(remainingText(59)).toBe('59m');
    expect(remainingText(60)).toBe('1h');
    expect(remainingText(135)).toBe('2h 15m');
    expect(remainingText(1439)).toBe('23h 59m');
    expect(remainingText(1440)).toBe('24h');
    expect(remainingText(1530)).toBe('25h');
  });

  it('the location line: city and country, else the coordinates to 2 decimals, else Location detected', () => {
    expect(locationLine({ city: 'Cairo', country: 'Egypt', latitude: 30.0444, longitude: 31.2357 })).toBe('Cairo, Egypt');
    expect(locationLine({ city: null, country: 'Egypt', latitude: 30.0444, longitude: 31.2357 })).toBe('Egypt');
    expect(locationLine({ city: null, country: null, latitude: 40.7128, longitude: -74.006 })).toBe('40.71, -74.01');
    expect(locationLine({ city: null, country: null })).toBe('Location detected');
    expect(locationLine(undefined)).toBe('Location detected');
  });

  it('a stored location counts only when both parts are numbers', () => {
    expect(storedCoordinates('21.42250000', '-157.85833333')).toEqual({ latitude: 21.4225, longitude: -157.85833333 });
    expect(storedCoordinates(null, '-157.8')).toBeNull();
    expect(storedCoordinates('21.4', null)).toBeNull();
    expect(storedCoordinates('x', '1')).toBeNull();
  });
});
