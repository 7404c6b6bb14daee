import { describe, expect, it } from '@jest/globals';
import type { ParsedScheduleTask } from '@carecircle/libs';
import { defaultSchedule, listedItemsOf, reviewRowsOf, type ListedReviewItem, type ReviewSchedule, type ReviewTask } from './recipient-setup';
import {
  applyRowEdit,
  bulkTasksOf,
  confirmRow,
  editValuesOf,
  intervalOf,
  listedMedications,
  regimenWords,
  reviewBlocker,
  rowRegimen,
  shortDate,
} from './review-regimen';

// Issue 21: the review shows and edits each row's own regimen and sends exactly what was reviewed.

const PARSED_FROM = '2026-03-04';

const parsed = (task: Partial<ParsedScheduleTask> & Pick<ParsedScheduleTask, 'name' | 'time'>): ParsedScheduleTask => ({
  needsName: false,
  category: 'medication',
  dosage: '',
  description: '',
  isUrgent: true,
  priority: 'high',
  ...task,
});

/** "Prednisolone 15 mg/5 mL: 10 mL ... x 3 days, then 5 mL daily x 3 days, then 2.5 mL daily x 3 days". */
const TAPER = [
  parsed({ name: 'Prednisolone', time: '08:00', dosage: '10 mL', strength: '15 mg/5 mL', startDate: '2026-03-04', endDate: '2026-03-06' }),
  parsed({ name: 'Prednisolone', time: '08:00', dosage: '5 mL', strength: '15 mg/5 mL', startDate: '2026-03-07', endDate: '2026-03-09' }),
  parsed({ name: 'Prednisolone', time: '08:00', dosage: '2.5 mL', strength: '15 mg/5 mL', startDate: '2026-03-10', endDate: '2026-03-12', description: 'then stop' }),
];
const VITAMIN_D = parsed({ name: 'Vitamin D3', time: '08:00', dosage: '1 tab', strength: '1000 IU', daysOfWeek: ['monday', 'wednesday', 'friday'] });
const CLOBAZAM = parsed({ name: 'Clobazam', time: '21:00', dosage: 'half a tablet', strength: '10 mg', repeatInterval: 2, startDate: '2026-03-04' });
const FLAGGED = parsed({ name: 'Baclofen', time: '20:00', dosage: '5 mg', needsReview: true, sourceText: 'Baclofen 5 mg x2 at 8pm' });

const schedule = (startDate = PARSED_FROM): ReviewSchedule => defaultSchedule(startDate);
const rows = (...tasks: ParsedScheduleTask[]) => reviewRowsOf(tasks, [], PARSED_FROM);

describe('reviewRowsOf', () => {
  it('keeps a parsed task\'s dates as offsets from the parse\'s start, its days as numbers, its strength apart from the dose', () => {
    const [first, second, third, vitamin, clobazam] = rows(...TAPER, VITAMIN_D, CLOBAZAM);
    expect([first, second, third].map((row) => [row.startOffset, row.endOffset, row.dosage])).toEqual([
      [0, 2, '10 mL'],
      [3, 5, '5 mL'],
      [6, 8, '2.5 mL'],
    ]);
    expect(first.strength).toBe('15 mg/5 mL');
    expect(third.description).toBe('then stop');
    expect(vitamin).toMatchObject({ daysOfWeek: [1, 3, 5], strength: '1000 IU' });
    expect(vitamin).not.toHaveProperty('startOffset');
    expect(clobazam).toMatchObject({ repeatInterval: 2, startOffset: 0 });
    expect(clobazam).not.toHaveProperty('endOffset');
  });

  it('carries the parser\'s flag and the line it came from', () => {
    expect(rows(FLAGGED)[0]).toMatchObject({ needsReview: true, sourceText: 'Baclofen 5 mg x2 at 8pm' });
  });
});

describe('a row\'s regimen', () => {
  it('moves a taper with the review\'s Start Date, its steps still consecutive', () => {
    const taper = rows(...TAPER);
    expect(taper.map((row) => rowRegimen(row, schedule('2026-03-10'))).map((r) => [r.startDate, r.endDate])).toEqual([
      ['2026-03-10', '2026-03-12'],
      ['2026-03-13', '2026-03-15'],
      ['2026-03-16', '2026-03-18'],
    ]);
  });

  it('takes from the Schedule Settings what the row does not say', () => {
    const [vitamin] = rows(VITAMIN_D);
    const settings = { ...schedule(), days: [1, 2, 3, 4, 5] };
    expect(rowRegimen(vitamin, settings)).toEqual({ startDate: PARSED_FROM, endDate: '2027-03-04', days: [1, 3, 5], repeatInterval: 1 });
    expect(rowRegimen(rows(parsed({ name: 'Keppra', time: '08:00' }))[0], settings).days).toEqual([1, 2, 3, 4, 5]);
  });

  it('is said in plain words', () => {
    const [first, second, vitamin, clobazam] = rows(TAPER[0], TAPER[1], VITAMIN_D, CLOBAZAM);
    expect(regimenWords(first, schedule())).toEqual(['Until Mar 6']);
    expect(regimenWords(second, schedule())).toEqual(['From Mar 7 to Mar 9']);
    expect(regimenWords(vitamin, schedule())).toEqual(['Mon, Wed, Fri']);
    expect(regimenWords(clobazam, schedule())).toEqual(['Every 2 days']);
    expect(shortDate('2027-01-02', '2026')).toBe('Jan 2, 2027');
  });
});

describe('editing a row', () => {
  it('makes a field the row\'s own only when it had it or the caregiver changed it, and clears the flag', () => {
    const [flagged] = rows(FLAGGED);
    const settings = schedule();
    const values = editValuesOf(flagged, settings);
    expect(values).toMatchObject({ startDate: PARSED_FROM, endDate: '2027-03-04', days: [0, 1, 2, 3, 4, 5, 6], repeatInterval: 1 });
    const unchanged = applyRowEdit(flagged, values, settings);
    expect(unchanged).not.toHaveProperty('daysOfWeek');
    expect(unchanged).not.toHaveProperty('startOffset');
    expect(unchanged).not.toHaveProperty('endOffset');
    expect(unchanged.needsReview).toBeUndefined();

    const changed = applyRowEdit(flagged, { ...values, days: [2, 4], endDate: '2026-03-10', repeatInterval: 3, dosage: ' 10 mg ' }, settings);
    expect(changed).toMatchObject({ daysOfWeek: [2, 4], endOffset: 6, repeatInterval: 3, dosage: '10 mg', sourceText: FLAGGED.sourceText });
    expect(changed).not.toHaveProperty('startOffset');
  });

  it('keeps a taper step\'s own dates as offsets, whatever the Start Date', () => {
    const last = rows(...TAPER)[2];
    const settings = schedule('2026-04-01');
    const edited = applyRowEdit(last, { ...editValuesOf(last, settings), endDate: '2026-04-11' }, settings);
    expect(edited).toMatchObject({ startOffset: 6, endOffset: 10 });
    expect(regimenWords(edited, settings)).toEqual(['From Apr 7 to Apr 11']);
  });

  it('reads a repeat interval as 1 to 30, anything else as 1', () => {
    expect([intervalOf(2), intervalOf(null), intervalOf('x'), intervalOf(0), intervalOf(45), intervalOf(1.5)]).toEqual([2, 1, 1, 1, 30, 1]);
  });
});

describe('what holds Create back', () => {
  it('names the flagged lines until each is confirmed or edited', () => {
    const tasks = rows(VITAMIN_D, FLAGGED);
    expect(reviewBlocker(tasks, schedule(), false)).toBe('Check the flagged line, then confirm or edit it.');
    expect(reviewBlocker([...tasks, { ...tasks[1], key: 'again' }], schedule(), false)).toBe('Check the 2 flagged lines, then confirm or edit each.');
    expect(reviewBlocker([tasks[0], confirmRow(tasks[1])], schedule(), false)).toBeNull();
  });

  it('asks for a name first, and an editor closed', () => {
    const nameless: ReviewTask = { ...rows(FLAGGED)[0], name: '', needsName: true };
    expect(reviewBlocker([nameless], schedule(), false)).toBe('Give every task that needs a name a name first.');
    expect(reviewBlocker([nameless], schedule(), true)).toBe('Save or cancel the task you are editing first.');
    expect(confirmRow(nameless).needsName).toBe(true);
  });

  it('refuses a row that ends before it starts', () => {
    const [step] = rows(TAPER[1]);
    expect(reviewBlocker([{ ...step, endOffset: 1 }], schedule(), false)).toBe('Prednisolone ends before it starts: edit its dates.');
  });
});

describe('bulkTasksOf', () => {
  it('sends every row with its resolved dates, days and interval, and the ticked listed medications', () => {
    const listed: ListedReviewItem[] = listedItemsOf({
      asNeeded: [
        { name: 'Motrin', needsName: false, category: 'medication', dosage: '100 mg', description: 'for pain' },
        { name: 'motrin', needsName: false, category: 'medication', dosage: '100 mg', description: '' },
      ],
      unscheduled: [
        { name: 'Levetiracetam', needsName: false, category: 'medication', dosage: '2.5 mL', strength: '100 mg/mL', description: '' },
        { name: 'Zyrtec', needsName: false, category: 'medication', dosage: '5 mL', description: '', needsReview: true, sourceText: 'Zyrtec 5 mL ??' },
      ],
    });
    expect(listed.map((item) => item.saveAsMedication)).toEqual([true, true, true, false]);
    const request = bulkTasksOf(rows(TAPER[1], VITAMIN_D), listed, { ...schedule('2026-05-01'), days: [1, 2, 3, 4, 5] });
    expect(request.tasks).toEqual([
      {
        time: '08:00', name: 'Prednisolone', category: 'medication', dosage: '5 mL', strength: '15 mg/5 mL', description: null,
        isUrgent: true, priority: 'high', startDate: '2026-05-04', endDate: '2026-05-06', daysOfWeek: [1, 2, 3, 4, 5], repeatInterval: 1,
      },
      {
        time: '08:00', name: 'Vitamin D3', category: 'medication', dosage: '1 tab', strength: '1000 IU', description: null,
        isUrgent: true, priority: 'high', startDate: '2026-05-01', endDate: '2027-05-01', daysOfWeek: [1, 3, 5], repeatInterval: 1,
      },
    ]);
    expect(request).toMatchObject({ startDate: '2026-05-01', endDate: '2027-05-01', daysOfWeek: [1, 2, 3, 4, 5] });
    expect(request.medications).toEqual([
      { name: 'Motrin', dosage: '100 mg', instructions: 'As needed, for pain' },
      { name: 'Levetiracetam', dosage: '2.5 mL', strength: '100 mg/mL' },
    ]);
  });

  it('sends no medications when none is ticked', () => {
    expect(listedMedications([])).toEqual([]);
    expect(bulkTasksOf(rows(VITAMIN_D), [], schedule())).not.toHaveProperty('medications');
  });
});
