import { dateIn, NO_PRAYER_TIMES_MESSAGE, prayerDay } from './prayer-day';

/**
 * An independent implementation of the classic PrayTimes.org formulas (praytimes.org/calculation):
 * sun position from the Julian day, Dhuhr at solar noon, Fajr/Isha by angle below the horizon,
 * Sunrise/Maghrib at 0.833 degrees, Asr at shadow factor 1. Times in UTC hours of the day.
 */
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
const fix = (a: number, b: number) => a - b * Math.floor(a / b);

function julian(year: number, month: number, day: number): number {
  if (month <= 2) { year -= 1; month += 12; }
  const a = Math.floor(year / 100);
  const b = 2 - a + Math.floor(a / 4);
  return Math.floor(365.25 * (year + 4716)) + Math.floor(30.6001 * (month + 1)) + day + b - 1524.5;
}

function sunPosition(jd: number): { declination: number; equation: number } {
  const d = jd - 2451545.0;
  const g = fix(357.529 + 0.98560028 * d, 360);
  const q = fix(280.459 + 0.98564736 * d, 360);
  const l = fix(q + 1.915 * Math.sin(rad(g)) + 0.02 * Math.sin(rad(2 * g)), 360);
  const e = 23.439 - 0.00000036 * d;
  const ra = fix(deg(Math.atan2(Math.cos(rad(e)) * Math.sin(rad(l)), Math.cos(rad(l)))) / 15, 24);
  return { declination: deg(Math.asin(Math.sin(rad(e)) * Math.sin(rad(l)))), equation: q / 15 - ra };
}

const ANGLES: Record<number, { fajr: number; isha: number | { minutes: number } }> = {
  1: { fajr: 18, isha: 18 },
  2: { fajr: 15, isha: 15 },
  3: { fajr: 18, isha: 17 },
  4: { fajr: 18.5, isha: { minutes: 90 } },
  5: { fajr: 19.5, isha: 17.5 },
};

function reference(latitude: number, longitude: number, method: number, date: string): Record<string, number> {
  const [y, m, d] = date.split('-').map(Number);
  const jd = julian(y, m, d) - longitude / 360;
  const at = (hours: number) => sunPosition(jd + hours / 24);
  const noon = (hours: number) => fix(12 - at(hours).equation, 24);
  const sunAngleTime = (angle: number, hours: number, ccw: boolean) => {
    const { declination } = at(hours);
    const t = deg(Math.acos((-Math.sin(rad(angle)) - Math.sin(rad(declination)) * Math.sin(rad(latitude))) / (Math.cos(rad(declination)) * Math.cos(rad(latitude))))) / 15;
    return noon(hours) + (ccw ? -t : t);
  };
  const asrTime = (hours: number) => {
    const { declination } = at(hours);
    const angle = -deg(Math.atan(1 / (1 + Math.tan(rad(Math.abs(latitude - declination))))));
    return sunAngleTime(angle, hours, false);
  };
  // Two passes: the first with rough times, the second with the sun's position at those times.
  let t = { fajr: 5, sunrise: 6, dhuhr: 12, asr: 13, maghrib: 18, isha: 18 };
  const { fajr, isha } = ANGLES[method];
  for (let pass = 0; pass < 2; pass++) {
    t = {
      fajr: sunAngleTime(fajr, t.fajr, true),
      sunrise: sunAngleTime(0.833, t.sunrise, true),
      dhuhr: noon(t.dhuhr),
      asr: asrTime(t.asr),
      maghrib: sunAngleTime(0.833, t.maghrib, false),
      isha: typeof isha === 'number' ? sunAngleTime(isha, t.isha, false) : t.isha,
    };
  }
  const utc = (local: number) => local - longitude / 15;
  const out = { Fajr: utc(t.fajr), Sunrise: utc(t.sunrise), Dhuhr: utc(t.dhuhr), Asr: utc(t.asr), Maghrib: utc(t.maghrib), Isha: utc(t.isha) };
  if (typeof isha !== 'number') out.Isha = out.Maghrib + isha.minutes / 60;
  return out;
}

const CITIES = [
  { city: 'New York', latitude: 40.7128, longitude: -74.006, timezone: 'America/New_York' },
  // London's 51.5 degrees falls under adhan's high-latitude rule in June (19.5 degree Fajr): Madrid instead.
  { city: 'Madrid', latitude: 40.4168, longitude: -3.7038, timezone: 'Europe/Madrid' },
  { city: 'Cairo', latitude: 30.0444, longitude: 31.2357, timezone: 'Africa/Cairo' },
  { city: 'Karachi', latitude: 24.8607, longitude: 67.0011, timezone: 'Asia/Karachi' },
  { city: 'Jakarta', latitude: -6.2088, longitude: 106.8456, timezone: 'Asia/Jakarta' },
  { city: 'Sydney', latitude: -33.8688, longitude: 151.2093, timezone: 'Australia/Sydney' },
  { city: 'Cape Town', latitude: -33.9249, longitude: 18.4241, timezone: 'Africa/Johannesburg' },
];

describe('prayerDay', () => {
  for (const date of ['2026-03-20', '2026-06-21', '2026-12-21']) {
    for (const place of CITIES) {
      for (const method of [1, 2, 3, 4, 5]) {
        it(`agrees with the PrayTimes formulas within 2 minutes: ${place.city}, method ${method}, ${date}`, () => {
          const day = prayerDay({ ...place, method, date, now: new Date(`${date}T00:00:00Z`) });
          const expected = reference(place.latitude, place.longitude, method, date);
          const dayStart = Date.UTC(...(date.split('-').map(Number).map((n, i) => (i === 1 ? n - 1 : n)) as [number, number, number]));
          for (const { name, time } of day.times) {
            // The reference gives hours from UTC midnight of the date; the local day may start the UTC day before.
            let minutes = (time.getTime() - dayStart) / 60000;
            const want = expected[name] * 60;
            if (minutes - want > 720) minutes -= 1440;
            if (want - minutes > 720) minutes += 1440;
            expect({ name, diff: Math.abs(minutes - want) <= 2 }).toEqual({ name, diff: true });
          }
        });
      }
    }
  }

  const newYork = { latitude: 40.7128, longitude: -74.006, method: 2, timezone: 'America/New_York', date: '2026-06-21' };

  it('marks what has passed and the next prayer at a given now', () => {
    const at = prayerDay({ ...newYork, now: new Date('2026-06-21T12:00:00-04:00') });
    const dhuhr = at.times.find((t) => t.name === 'Dhuhr')!.time;
    const now = new Date(dhuhr.getTime() + 60_000);
    const day = prayerDay({ ...newYork, now });
    expect(day.formatted.map((p) => [p.name, p.isPassed, p.isNext])).toEqual([
      ['Fajr', true, false], ['Sunrise', true, false], ['Dhuhr', true, false], ['Asr', false, true], ['Maghrib', false, false], ['Isha', false, false],
    ]);
    const asr = day.times.find((t) => t.name === 'Asr')!.time;
    expect(day.nextPrayer).toEqual({ name: 'Asr', time: day.formatted[3].timeFormatted, minutesUntil: Math.ceil((asr.getTime() - now.getTime()) / 60000) });
    expect(day.formatted[0].timeFormatted).toMatch(/^\d{1,2}:\d{2} AM$/);
    expect(day.date.readable).toBe('21 Jun 2026');
  });

  it('after Isha the next prayer is the next day Fajr', () => {
    const isha = prayerDay({ ...newYork, now: new Date(0) }).times.find((t) => t.name === 'Isha')!.time;
    const now = new Date(isha.getTime() + 60_000);
    const day = prayerDay({ ...newYork, now });
    const tomorrowFajr = prayerDay({ ...newYork, date: '2026-06-22', now }).times[0];
    expect(day.formatted.every((p) => p.isPassed && !p.isNext)).toBe(true);
    expect(day.nextPrayer.name).toBe('Fajr');
    expect(day.nextPrayer.minutesUntil).toBe(Math.ceil((tomorrowFajr.time.getTime() - now.getTime()) / 60000));
    expect(tomorrowFajr.time.getTime()).toBeGreaterThan(isha.getTime());
  });

  it('before Fajr the next prayer is that day Fajr', () => {
    const day = prayerDay({ ...newYork, now: new Date('2026-06-21T01:00:00-04:00') });
    expect(day.nextPrayer.name).toBe('Fajr');
    expect(day.formatted[0]).toMatchObject({ name: 'Fajr', isNext: true, isPassed: false });
  });

  it('refuses a day without prayer times (midsummer at 89.9 degrees north, midwinter at 78 south) instead of formatting an invalid time', () => {
    for (const [latitude, date] of [[89.9, '2026-06-21'], [-78, '2026-06-21']] as const) {
      expect(() => prayerDay({ latitude, longitude: 0, method: 3, timezone: 'UTC', date, now: new Date(`${date}T12:00:00Z`) })).toThrow(NO_PRAYER_TIMES_MESSAGE);
    }
  });

  it('reads today in the given zone', () => {
    expect(dateIn('Asia/Tokyo', new Date('2026-06-21T20:00:00Z'))).toBe('2026-06-22');
    expect(dateIn('America/Los_Angeles', new Date('2026-06-21T03:00:00Z'))).toBe('2026-06-20');
  });
});
