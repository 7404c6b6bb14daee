import { addDays, DAY_NAMES, type DayName } from '@carecircle/libs';
import { occursOn, weekdayOf, type OccurrenceTemplate } from './template-occurrence';

const template = (change: Partial<OccurrenceTemplate> = {}): OccurrenceTemplate => ({
  isActive: true,
  isRepeating: true,
  repeatPattern: 'daily',
  repeatInterval: 1,
  repeatStartDate: '2026-11-20', // a Friday
  repeatEndDate: null,
  daysOfWeek: [...DAY_NAMES],
  ...change,
});
const days = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));
const occurring = (t: OccurrenceTemplate, from: string, count: number) => days(from, count).filter((d) => occursOn(t, d));

describe('occursOn', () => {
  it('knows weekdays and month/year boundaries', () => {
    expect(weekdayOf('2026-11-20')).toBe(5);
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(weekdayOf('1969-12-28')).toBe(0);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('daily: every day from the start, through the end date inclusive', () => {
    const t = template({ repeatEndDate: '2026-11-23' });
    expect(occurring(t, '2026-11-18', 8)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
  });

  it('daily every 3 days counts from the start date, across a month end', () => {
    expect(occurring(template({ repeatInterval: 3, repeatStartDate: '2026-11-28' }), '2026-11-27', 10)).toEqual([
      '2026-11-28', '2026-12-01', '2026-12-04',
    ]);
  });

  it('daily keeps to the selected weekdays (the quick-add daily mode)', () => {
    const weekdays: DayName[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
    expect(occurring(template({ daysOfWeek: weekdays }), '2026-11-20', 4)).toEqual(['2026-11-20', '2026-11-23']);
  });

  it('weekly: selected days of every N-th week, weeks from Sunday, counted from the start week', () => {
    // Start Friday 2026-11-20: its week began Sunday 2026-11-15. Every 2 weeks on Monday and Friday.
    const t = template({ repeatPattern: 'weekly', repeatInterval: 2, daysOfWeek: ['monday', 'friday'] });
    expect(occurring(t, '2026-11-15', 35)).toEqual([
      // Monday 16th is before the start; Friday 20th is in week 0.
      '2026-11-20',
      // week 1 (22-28) skipped; week 2 (29 Nov - 5 Dec):
      '2026-11-30', '2026-12-04',
      // week 4 (13-19 Dec):
      '2026-12-14', '2026-12-18',
    ]);
  });

  it('weekly: a Sunday belongs to the week it starts, a Saturday to the week it ends', () => {
    const t = template({ repeatPattern: 'weekly', repeatInterval: 2, repeatStartDate: '2026-11-21', daysOfWeek: ['sunday', 'saturday'] });
    // 21 Nov (Sat) week 0; 22 Nov (Sun) starts week 1: skipped; 28 Nov (Sat) week 1: skipped; 29 Nov (Sun) week 2.
    expect(occurring(t, '2026-11-21', 15)).toEqual(['2026-11-21', '2026-11-29', '2026-12-05']);
  });

  it('custom: the selected weekdays, whatever the interval', () => {
    const t = template({ repeatPattern: 'custom', repeatInterval: 5, daysOfWeek: ['sunday', 'wednesday'] });
    expect(occurring(t, '2026-11-20', 10)).toEqual(['2026-11-22', '2026-11-25', '2026-11-29']);
  });

  it('is not moved by daylight-saving changes (dates are the care team\'s calendar dates)', () => {
    // US DST starts 2027-03-14, ends 2026-11-01; Europe 2027-03-28.
    expect(occurring(template({ repeatStartDate: '2026-10-30' }), '2026-10-30', 4)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(occurring(template({ repeatStartDate: '2027-03-13', repeatInterval: 2 }), '2027-03-13', 5)).toEqual(['2027-03-13', '2027-03-15', '2027-03-17']);
    const weekly = template({ repeatPattern: 'weekly', repeatStartDate: '2027-03-07', daysOfWeek: ['sunday'] });
    expect(occurring(weekly, '2027-03-07', 22)).toEqual(['2027-03-07', '2027-03-14', '2027-03-21', '2027-03-28']);
  });

  it('never for an inactive, non-repeating or undated template', () => {
    expect(occursOn(template({ isActive: false }), '2026-11-21')).toBe(false);
    expect(occursOn(template({ isRepeating: false }), '2026-11-21')).toBe(false);
    expect(occursOn(template({ repeatStartDate: null }), '2026-11-21')).toBe(false);
  });
});
