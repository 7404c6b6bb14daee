import { asksBeforeEarlyDose, completionTiming, earlyDoseQuestion, isEarlyCompletion } from './completion-timing';
import { localDateTimeToInstant } from './local-time';

// 8:00 AM in New York on 2 March 2026 (UTC-5): 13:00Z.
const due = localDateTimeToInstant('2026-03-02', '08:00', 'America/New_York');
const at = (iso: string) => new Date(iso);

describe('completion timing', () => {
  it('is early only when more than 60 minutes before the scheduled instant', () => {
    expect(due).toBe('2026-03-02T13:00:00.000Z');
    expect(completionTiming(due, '2026-03-02T10:00:00.000Z')).toBe('early'); // 3 hours before
    expect(completionTiming(due, '2026-03-02T11:59:59.000Z')).toBe('early'); // 60 min 1 s before
    expect(completionTiming(due, '2026-03-02T12:00:00.000Z')).toBe('on_time'); // exactly an hour before
    expect(completionTiming(due, '2026-03-02T12:30:00.000Z')).toBe('on_time');
  });

  it('is on time up to 30 minutes after, late beyond', () => {
    expect(completionTiming(due, '2026-03-02T13:00:00.000Z')).toBe('on_time');
    expect(completionTiming(due, '2026-03-02T13:30:00.000Z')).toBe('on_time');
    expect(completionTiming(due, '2026-03-02T13:30:01.000Z')).toBe('late');
    expect(completionTiming(due, '2026-03-03T01:00:00.000Z')).toBe('late');
  });

  it('compares instants: the care team zone is in the scheduled instant, not in the reader', () => {
    const tokyo = localDateTimeToInstant('2026-03-02', '08:00', 'Asia/Tokyo'); // 2026-03-01T23:00Z
    expect(isEarlyCompletion(tokyo, '2026-03-01T21:59:00.000Z')).toBe(true);
    expect(isEarlyCompletion(tokyo, '2026-03-01T22:30:00.000Z')).toBe(false);
    expect(isEarlyCompletion(at(tokyo), at('2026-03-01T21:00:00.000Z'))).toBe(true);
  });

  it('asks before a medication is given more than an hour early, only then', () => {
    const dose = { category: 'medication', status: 'pending' as const, scheduledTime: due };
    expect(asksBeforeEarlyDose(dose, at('2026-03-02T10:00:00.000Z'))).toBe(true);
    expect(asksBeforeEarlyDose(dose, at('2026-03-02T12:15:00.000Z'))).toBe(false);
    expect(asksBeforeEarlyDose({ ...dose, status: 'completed' }, at('2026-03-02T10:00:00.000Z'))).toBe(false);
    expect(asksBeforeEarlyDose({ ...dose, category: 'hygiene_care' }, at('2026-03-02T10:00:00.000Z'))).toBe(false);
    expect(asksBeforeEarlyDose({ ...dose, planned: true }, at('2026-03-02T10:00:00.000Z'))).toBe(false);
  });

  it('words the question with the app\'s clock time', () => {
    expect(earlyDoseQuestion('08:00')).toBe('Due at 8:00 AM. Give it now?');
    expect(earlyDoseQuestion('20:30')).toBe('Due at 8:30 PM. Give it now?');
  });
});
