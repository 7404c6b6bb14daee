import { instantToLocal } from '@carecircle/libs';
import { prayerDay } from './prayer-day';
import { DEFAULT_PRAYER_LOCATION, planPrayerTasks, PRAYER_TASK_REASONS, prayerTasksOn, type ExistingPrayerTask, type WantedPrayer } from './prayer-tasks';

const cairo = { prayerCalculationMethod: 5, latitude: 30.0444, longitude: 31.2357, timezone: 'Africa/Cairo' };
const withId = (wanted: WantedPrayer[]) => wanted.map((w) => ({ ...w, taskId: `${w.day}/${w.prayer}` }));
const existingOf = (w: WantedPrayer & { taskId: string }, status: ExistingPrayerTask['status'] = 'pending'): ExistingPrayerTask => ({
  id: w.taskId,
  status,
  scheduledDate: w.scheduledDate,
  localTime: w.localTime,
  timezone: w.timezone,
  scheduledTime: w.scheduledTime,
});

describe('prayerTasksOn', () => {
  it('gives the five prayers, not Sunrise, at prayerDay times to the minute, in the user zone', () => {
    const tasks = prayerTasksOn(cairo, '2026-03-20');
    expect(tasks.map((t) => t.prayer)).toEqual(['Fajr', 'Dhuhr', 'Asr', 'Maghrib', 'Isha']);
    const { times } = prayerDay({ ...cairo, method: 5, date: '2026-03-20', now: new Date('2026-03-20T00:00:00Z') });
    for (const task of tasks) {
      const time = times.find((t) => t.name === task.prayer)!.time;
      expect(Math.abs(Date.parse(task.scheduledTime) - time.getTime())).toBeLessThan(60_000);
      expect(instantToLocal(task.scheduledTime, 'Africa/Cairo')).toEqual({ date: task.scheduledDate, time: task.localTime });
      expect(task.scheduledDate).toBe('2026-03-20');
      expect(task.timezone).toBe('Africa/Cairo');
    }
    // Cairo, equinox, Egyptian method: Fajr before 5 am, Maghrib after 6 pm local time.
    expect(tasks[0].localTime < '05:00').toBe(true);
    expect(tasks[3].localTime >= '18:00').toBe(true);
    // Times are in order through the day.
    expect([...tasks].sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime))).toEqual(tasks);
  });

  it('uses the default location (40.7128, -74.006) when none is stored, and the method changes the times', () => {
    const none = { prayerCalculationMethod: 2, latitude: null, longitude: null, timezone: 'America/New_York' };
    const atDefault = prayerTasksOn({ ...none, ...DEFAULT_PRAYER_LOCATION }, '2026-06-01');
    expect(prayerTasksOn(none, '2026-06-01')).toEqual(atDefault);
    const karachi = prayerTasksOn({ ...none, prayerCalculationMethod: 1 }, '2026-06-01');
    expect(karachi[0].localTime).not.toBe(atDefault[0].localTime); // Fajr angle 18 against 15
    expect(karachi[1].localTime).toBe(atDefault[1].localTime); // Dhuhr does not depend on the method
  });

  it('near the poles, a prayer without a time that day has no task (no failure)', () => {
    for (const latitude of [78.2, 89.9, 90, -90]) {
      for (const day of ['2026-06-21', '2026-12-21']) {
        const tasks = prayerTasksOn({ prayerCalculationMethod: 3, latitude, longitude: 15.6, timezone: 'Arctic/Longyearbyen' }, day);
        expect(tasks.length).toBeLessThanOrEqual(5);
        for (const task of tasks) expect(Number.isFinite(Date.parse(task.scheduledTime))).toBe(true);
      }
    }
  });
});

describe('planPrayerTasks', () => {
  const day = '2026-03-20';
  const wanted = withId(prayerTasksOn(cairo, day));
  const afterDhuhr = new Date(Date.parse(wanted[1].scheduledTime) + 60_000);
  const beforeFajr = new Date(`${day}T00:30:00+02:00`);

  it('turned on: makes the prayers of today that are still ahead, none that has passed', () => {
    expect(planPrayerTasks({ wanted, existing: [], scheduleDays: [day], now: beforeFajr })).toEqual({ schedule: wanted, move: [], remove: [] });
    const plan = planPrayerTasks({ wanted, existing: [], scheduleDays: [day], now: afterDhuhr });
    expect(plan.schedule.map((t) => t.prayer)).toEqual(['Asr', 'Maghrib', 'Isha']);
  });

  it('makes only the days of the horizon, and nothing twice', () => {
    const tomorrow = withId(prayerTasksOn(cairo, '2026-03-21'));
    expect(planPrayerTasks({ wanted: [...wanted, ...tomorrow], existing: [], scheduleDays: [day], now: beforeFajr }).schedule).toEqual(wanted);
    const existing = wanted.map((w) => existingOf(w));
    expect(planPrayerTasks({ wanted, existing, scheduleDays: [day], now: beforeFajr })).toEqual({ schedule: [], move: [], remove: [] });
  });

  it('turned on again the same day: a prayer already completed (in the earlier period) is not made again', () => {
    const plan = planPrayerTasks({ wanted, existing: [], scheduleDays: [day], now: beforeFajr, completed: [`${day}/Fajr`, '2026-03-19/Dhuhr'] });
    expect(plan.schedule.map((t) => t.prayer)).toEqual(['Dhuhr', 'Asr', 'Maghrib', 'Isha']);
  });

  it('turned off: removes the pending ones still ahead; completed and passed ones stay', () => {
    const existing = [existingOf(wanted[0], 'completed'), existingOf(wanted[1]), existingOf(wanted[2]), existingOf(wanted[3], 'completed'), existingOf(wanted[4])];
    const plan = planPrayerTasks({ wanted: [], existing, scheduleDays: [day], now: afterDhuhr });
    expect(plan).toEqual({
      schedule: [],
      move: [],
      remove: [
        { taskId: wanted[2].taskId, reason: PRAYER_TASK_REASONS.off },
        { taskId: wanted[4].taskId, reason: PRAYER_TASK_REASONS.off },
      ],
    });
  });

  it('a new method moves the pending ones still ahead; one whose new time has passed is removed', () => {
    const karachi = withId(prayerTasksOn({ ...cairo, prayerCalculationMethod: 1 }, day));
    const existing = wanted.map((w) => existingOf(w));
    const plan = planPrayerTasks({ wanted: karachi, existing, scheduleDays: [day], now: beforeFajr });
    const moved = karachi.filter((k, i) => k.localTime !== wanted[i].localTime);
    expect(moved.length).toBeGreaterThan(0);
    expect(plan).toEqual({
      schedule: [],
      move: moved.map((k) => ({ taskId: k.taskId, scheduledDate: k.scheduledDate, localTime: k.localTime, timezone: k.timezone })),
      remove: [],
    });
    // The old Isha is still ahead, the new one (earlier) has just passed: removed, not moved into the past.
    const isha = existingOf({ ...wanted[4], scheduledTime: new Date(Date.parse(wanted[4].scheduledTime) + 3_600_000).toISOString(), localTime: '23:59' });
    const justAfter = new Date(Date.parse(wanted[4].scheduledTime) + 60_000);
    expect(planPrayerTasks({ wanted, existing: [isha], scheduleDays: [day], now: justAfter }).remove).toEqual([{ taskId: isha.id, reason: PRAYER_TASK_REASONS.passed }]);
  });

  it('a new zone moves them to the zone with the times recomputed there', () => {
    const existing = wanted.map((w) => existingOf(w));
    const istanbul = withId(prayerTasksOn({ ...cairo, timezone: 'Europe/Istanbul' }, day));
    const plan = planPrayerTasks({ wanted: istanbul, existing, scheduleDays: [day], now: beforeFajr });
    expect(plan.move).toHaveLength(5);
    for (const move of plan.move) expect(move.timezone).toBe('Europe/Istanbul');
    expect(plan.schedule).toEqual([]);
  });
});
