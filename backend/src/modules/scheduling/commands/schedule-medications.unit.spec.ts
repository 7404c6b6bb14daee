import type { TaskTemplateInput } from '@carecircle/libs';
import { reviewedTaskTemplate } from './bulk-create-tasks/bulk-create-tasks.handler';
import { medicationOfSchedule, schedulesUnknownMedication } from './schedule-medications';

const schedule = (changes: Partial<TaskTemplateInput> = {}): TaskTemplateInput => ({ name: ' Oxybutynin ', category: 'medication', isRepeating: true, scheduledTimes: ['08:00'], ...changes });

describe('schedulesUnknownMedication: which schedules are linked to a medication by name', () => {
  it.each([
    ['no medicationId', {}, true],
    ["the picker's 'none'", { medicationId: 'none' }, true],
    ['an empty medicationId', { medicationId: ' ' }, true],
    ['a medicationId', { medicationId: '3f1c2b9e-0d7a-4a51-9b7e-0a5c1d2e3f40' }, false],
    ['a non-repeating template', { isRepeating: false }, false],
    ['another category', { category: 'catheterization' as const }, false],
  ])('%s: %s', (_, changes, expected) => {
    expect(schedulesUnknownMedication(schedule(changes))).toBe(expected);
  });
});

describe('medicationOfSchedule: what the medication is made with', () => {
  it('the dose sent, the strength, and the stock unit read from the dose', () => {
    expect(medicationOfSchedule(schedule({ dosage: ' 2.5 ml ', strength: '5 mg/5 mL' }))).toEqual({ name: 'Oxybutynin', dosage: '2.5 ml', strength: '5 mg/5 mL', unit: 'ml', doseAmount: 2.5 });
  });

  it('else the description\'s Dose: or Dosage: line; else "Dose not set", counted in whole doses', () => {
    expect(medicationOfSchedule(schedule({ description: 'Dose: 1/2 tab' }))).toMatchObject({ dosage: '1/2 tab', unit: 'tablets', doseAmount: 0.5 });
    expect(medicationOfSchedule(schedule({ description: 'Dosage: 2 puffs\nshake well' }))).toMatchObject({ dosage: '2 puffs', unit: 'puffs', doseAmount: 2 });
    expect(medicationOfSchedule(schedule({ description: 'with food' }))).toEqual({ name: 'Oxybutynin', dosage: 'Dose not set', strength: null, unit: 'doses', doseAmount: 1 });
  });
});

describe('reviewedTaskTemplate: a reviewed row\'s own regimen over the batch\'s', () => {
  const batch = { startDate: '2030-01-07', endDate: null, daysOfWeek: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] };
  const row = { time: '08:00', name: 'Vitamin D3', category: 'medication', dosage: '1 tab', description: 'with breakfast' };

  it('defaults: the batch\'s start, a year on, every day, daily', () => {
    expect(reviewedTaskTemplate(row, batch)).toMatchObject({
      repeatPattern: 'daily', repeatInterval: 1, repeatStartDate: '2030-01-07', repeatEndDate: '2031-01-07', daysOfWeek: batch.daysOfWeek,
      description: 'Dosage: 1 tab\nwith breakfast', dosage: '1 tab', isUrgent: true, priority: 'high', scheduledTimes: ['08:00'],
    });
  });

  it('a day list is custom; every N days is daily with that interval; a taper step keeps its dates and ends a year after its own start by default', () => {
    expect(reviewedTaskTemplate({ ...row, daysOfWeek: ['monday', 'wednesday', 'friday'] }, batch)).toMatchObject({ repeatPattern: 'custom', daysOfWeek: ['monday', 'wednesday', 'friday'] });
    expect(reviewedTaskTemplate({ ...row, repeatInterval: 2 }, batch)).toMatchObject({ repeatPattern: 'daily', repeatInterval: 2 });
    expect(reviewedTaskTemplate({ ...row, startDate: '2030-01-10', endDate: '2030-01-12' }, batch)).toMatchObject({ repeatStartDate: '2030-01-10', repeatEndDate: '2030-01-12' });
    expect(reviewedTaskTemplate({ ...row, startDate: '2030-03-01' }, batch)).toMatchObject({ repeatStartDate: '2030-03-01', repeatEndDate: '2031-03-01' });
    expect(reviewedTaskTemplate({ ...row, startDate: '2100-06-01' }, batch)).toMatchObject({ repeatEndDate: '2100-12-31' });
  });
});
