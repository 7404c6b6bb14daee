import { instantToLocal, localDateTimeToInstant } from '@carecircle/libs';
import { allJobIds, planReminders, type ReminderTask } from './reminder-plan';

const LA = 'America/Los_Angeles';
const MINUTE = 60_000;

const task = (overrides: Partial<ReminderTask> & { scheduledDate: string; localTime: string }): ReminderTask => ({
  taskId: 't1',
  childId: 'c1',
  name: 'Baclofen 5 mg',
  category: 'medication',
  isUrgent: false,
  status: 'pending',
  timezone: LA,
  appointmentReminders: [],
  acknowledgedFor: null,
  ...overrides,
  scheduledTime: localDateTimeToInstant(overrides.scheduledDate, overrides.localTime, overrides.timezone ?? LA),
});
const plan = (t: ReminderTask, now: string, firstStepAfterMinutes: number | null = 0) =>
  planReminders(t, { now: Date.parse(now), minuteMs: MINUTE, firstStepAfterMinutes });
const localFire = (t: ReminderTask, now: string) => plan(t, now).map((j) => `${j.id}@${Object.values(instantToLocal(new Date(j.data.fireAt), t.timezone)).join(' ')}`);

describe('reminder plan', () => {
  it('reminds a medication 15 minutes before, in the care team’s local time, across both daylight-saving changes', () => {
    // 2026-03-08: clocks go forward at 02:00 in Los Angeles; 2026-11-01: back at 02:00.
    for (const date of ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02']) {
      const dose = task({ scheduledDate: date, localTime: '08:00' });
      expect(localFire(dose, '2026-01-01T00:00:00Z')).toEqual([`t1.medication@${date} 07:45`]);
    }
    // A dose at 03:00 on the spring day: 02:45 does not exist there; the reminder is 15 real minutes earlier (01:45 PST).
    expect(localFire(task({ scheduledDate: '2026-03-08', localTime: '03:00' }), '2026-01-01T00:00:00Z')).toEqual(['t1.medication@2026-03-08 01:45']);
    // The autumn day's first 01:30 (PDT): reminder at 01:15 PDT.
    expect(localFire(task({ scheduledDate: '2026-11-01', localTime: '01:30' }), '2026-01-01T00:00:00Z')).toEqual(['t1.medication@2026-11-01 01:15']);
  });

  it('an appointment’s day-before reminder keeps the clock time across a change (23 or 25 hours); the others are minutes before', () => {
    const visit = (date: string) => task({ category: 'appointment', scheduledDate: date, localTime: '09:30', appointmentReminders: ['24h', '2h', '10m'] });
    expect(localFire(visit('2026-03-09'), '2026-01-01T00:00:00Z')).toEqual([
      't1.appointment-24h@2026-03-08 09:30',
      't1.appointment-2h@2026-03-09 07:30',
      't1.appointment-10m@2026-03-09 09:20',
    ]);
    const spring = visit('2026-03-08');
    expect(Date.parse(spring.scheduledTime) - plan(spring, '2026-01-01T00:00:00Z')[0].data.fireAt).toBe(23 * 60 * MINUTE);
    const autumn = visit('2026-11-01');
    expect(Date.parse(autumn.scheduledTime) - plan(autumn, '2026-01-01T00:00:00Z')[0].data.fireAt).toBe(25 * 60 * MINUTE);
  });

  it('an urgent task starts its escalation at its time plus the first step’s minutes', () => {
    const urgent = task({ category: 'catheterization', isUrgent: true, scheduledDate: '2026-11-24', localTime: '08:00' });
    expect(localFire(urgent, '2026-11-24T00:00:00Z')).toEqual(['t1.escalation-0@2026-11-24 08:00']);
    expect(plan(urgent, '2026-11-24T00:00:00Z', 5)[0].data.fireAt - Date.parse(urgent.scheduledTime)).toBe(5 * MINUTE);
    expect(plan(urgent, '2026-11-24T00:00:00Z', null)).toEqual([]); // a policy without steps
    // Acknowledged for that time: no escalation; moved to another time, a fresh chain.
    expect(plan({ ...urgent, acknowledgedFor: urgent.scheduledTime }, '2026-11-24T00:00:00Z')).toEqual([]);
    const moved = task({ category: 'catheterization', isUrgent: true, scheduledDate: '2026-11-24', localTime: '09:00', acknowledgedFor: urgent.scheduledTime });
    expect(localFire(moved, '2026-11-24T00:00:00Z')).toEqual(['t1.escalation-0@2026-11-24 09:00']);
  });

  it('plans nothing for a done task, reminds at once when added late, skips what is past', () => {
    const dose = task({ scheduledDate: '2026-11-24', localTime: '08:00' });
    expect(plan({ ...dose, status: 'completed' }, '2026-11-24T00:00:00Z')).toEqual([]);
    // Added at 07:50 for 08:00: the reminder goes at once.
    expect(plan(dose, '2026-11-24T15:50:00Z').map((j) => j.data.fireAt)).toEqual([Date.parse('2026-11-24T15:50:00Z')]);
    // At or after its time: no reminder.
    expect(plan(dose, '2026-11-24T16:00:00Z')).toEqual([]);
    const visit = task({ category: 'appointment', scheduledDate: '2026-11-24', localTime: '09:00', appointmentReminders: ['24h', '2h', '10m'] });
    // Booked at 08:00 for 09:00: the day-before and 2-hour reminders are past; the 10-minute one stays.
    expect(plan(visit, '2026-11-24T16:00:00Z').map((j) => j.id)).toEqual(['t1.appointment-10m']);
    // An urgent task from two days ago does not start escalating after an outage.
    const old = task({ isUrgent: true, category: 'feeding', scheduledDate: '2026-11-22', localTime: '08:00' });
    expect(plan(old, '2026-11-24T16:00:00Z')).toEqual([]);
  });

  it('knows every job id a task can have, so a move cancels them all', () => {
    expect(allJobIds('t1', 3)).toEqual([
      't1.medication', 't1.appointment-24h', 't1.appointment-2h', 't1.appointment-30m', 't1.appointment-10m',
      't1.escalation-0', 't1.escalation-1', 't1.escalation-2',
    ]);
  });
});
