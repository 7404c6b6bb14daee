import { TASK_MESSAGES, VALIDATION_MESSAGES } from '@carecircle/libs';
import { readDate, readMedicationId, readTime, readTimes } from './task-input';

const LA = 'America/Los_Angeles';

describe('task request fields', () => {
  it('reads scheduledDate as yyyy-mm-dd or an ISO date-time in the care team zone', () => {
    expect(readDate('2026-11-21', LA)).toBe('2026-11-21');
    expect(readDate('2026-11-22T04:30:00.000Z', LA)).toBe('2026-11-21'); // 20:30 the day before in LA
    expect(readDate('2026-11-22T04:30:00.000Z', 'Europe/Paris')).toBe('2026-11-22');
    expect(readDate('2026-11-21T09:00', LA)).toBe('2026-11-21');
    expect(readDate('', LA)).toBeNull();
    expect(readDate(undefined, LA)).toBeNull();
    for (const bad of ['tomorrow', '2026-02-30', '21/11/2026', '2026-11-21T25:00:00Z']) {
      expect(() => readDate(bad, LA)).toThrow(TASK_MESSAGES.invalidDate);
    }
  });

  it('refuses a date that is, or becomes in the care team zone, outside 1900..2100', () => {
    for (const far of ['0100-01-01', '1899-12-31', '2101-01-01', '9999-12-31T20:00', '2100-12-31T23:00:00Z']) {
      expect(() => readDate(far, 'Asia/Tokyo')).toThrow(VALIDATION_MESSAGES.dateRange);
    }
    expect(readDate('2100-12-31T23:00:00Z', LA)).toBe('2100-12-31');
    expect(() => readTime('2100-12-31T23:00:00Z', 'Asia/Tokyo')).toThrow(VALIDATION_MESSAGES.dateRange);
    expect(() => readTime('9999-12-31T23:00', LA)).toThrow(VALIDATION_MESSAGES.dateRange);
  });

  it('reads scheduledTime as HH:MM or an ISO date-time (which also gives the date)', () => {
    expect(readTime('09:30', LA)).toEqual({ time: '09:30', date: null });
    expect(readTime('09:30:00', LA)).toEqual({ time: '09:30', date: null });
    expect(readTime('2026-11-21T22:00:00.000Z', LA)).toEqual({ date: '2026-11-21', time: '14:00' });
    expect(readTime('2026-11-21T14:00', LA)).toEqual({ date: '2026-11-21', time: '14:00' });
    expect(readTime(null, LA)).toBeNull();
    for (const bad of ['9am', '24:00', '12:5', 'noon']) expect(() => readTime(bad, LA)).toThrow(TASK_MESSAGES.invalidTime);
  });

  it('one task per time: sorted, each once; else the single time', () => {
    expect(readTimes(['20:00', '08:00', '14:00', '08:00'], null)).toEqual(['08:00', '14:00', '20:00']);
    expect(readTimes([], '09:00')).toEqual(['09:00']);
    expect(readTimes(undefined, null)).toEqual([]);
    expect(() => readTimes(['8:00'], null)).toThrow(TASK_MESSAGES.invalidTime);
  });

  it("medicationId 'none' or empty means none", () => {
    expect(readMedicationId('none')).toBeNull();
    expect(readMedicationId('')).toBeNull();
    expect(readMedicationId(null)).toBeNull();
    expect(readMedicationId(undefined)).toBeUndefined();
    expect(readMedicationId(' abc ')).toBe('abc');
  });
});
