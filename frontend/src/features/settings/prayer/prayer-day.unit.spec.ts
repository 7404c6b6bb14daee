import { describe, expect, it } from '@jest/globals';
import { locationLine, prayerMoment, remainingText, storedCoordinates, type PrayerTimesAnswer } from './prayer-day';

/** A day as the server answers it, `passed` of the five prayers (and Sunrise once Fajr has) passed. */
function day(passed: number): PrayerTimesAnswer['data'] {
  const names = ['Fajr', 'Sunrise', 'Dhuhr', 'Asr', 'Maghrib', 'Isha'] as const;
  const five = names.filter((name) => name !== 'Sunrise');
  const formatted = names.map((name) => {
    const index = name === 'Sunrise' ? 0 : five.indexOf(name);
    return { name, timeFormatted: `${index + 5}:00 AM`, isPassed: name === 'Sunrise' ? passed >= 1 : index < passed, isNext: name !== 'Sunrise' && index === passed };
  });
  const next = five[passed] ?? 'Fajr';
  return { formatted, nextPrayer: { name: next, time: passed === 5 ? 'tomorrow' : `${passed + 5}:00 AM`, minutesUntil: 10 }, date: { readable: '28 Nov 2026' }, location: { city: null, country: null, latitude: 0, longitude: 0 } };
}
const names = (moment: ReturnType<typeof prayerMoment>) => [moment.current, moment.next.name];

describe('prayer day (widget and sheet)', () => {
  it('the five prayers without Sunrise, with the server’s flags; the current is the last one passed, the next the server’s', () => {
    const moment = prayerMoment(day(2));
    expect(moment.prayers.map((p) => [p.name, p.isPassed, p.isNext])).toEqual([
      ['Fajr', true, false],
      ['Dhuhr', true, false],
      ['Asr', false, true],
      ['Maghrib', false, false],
      ['Isha', false, false],
    ]);
    expect(names(moment)).toEqual(['Dhuhr', 'Asr']);
    expect(names(prayerMoment(day(1)))).toEqual(['Fajr', 'Dhuhr']);
  });

  it('before the day’s first prayer the current is Isha and the next Fajr', () => {
    expect(names(prayerMoment(day(0)))).toEqual(['Isha', 'Fajr']);
  });

  it('after Isha the next wraps to Fajr, at the time the server gives (the next day’s)', () => {
    const moment = prayerMoment(day(5));
    expect(names(moment)).toEqual(['Isha', 'Fajr']);
    expect(moment.next.time).toBe('tomorrow');
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
