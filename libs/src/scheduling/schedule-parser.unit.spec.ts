import {
  clockTimeTo24h,
  explainScheduleParseFailure,
  normalizeTimeKeyword,
  ParsedScheduleTask,
  parseScheduleText,
  parseSchedule,
  parseScheduleTextOrExplain,
  SCHEDULE_PARSE_ERROR_CODES,
  SCHEDULE_PARSE_MESSAGES,
  ScheduleParseError,
} from './schedule-parser';

/** time | name | category | dosage, the fields most rules are about. */
const brief = (tasks: ParsedScheduleTask[]) => tasks.map((t) => [t.time, t.name, t.category, t.dosage]);

describe('spec messages', () => {
  it('keeps the texts of the spec', () => {
    expect(SCHEDULE_PARSE_MESSAGES).toEqual({
      blankText: 'No Schedule Text: Please enter your medication schedule to parse.',
      noTimes: 'No valid times found. Please include times like "9:00am" or "12pm"',
      noTasks: 'No tasks could be created from the provided text',
      parseErrorPrefix: 'Parsing error: ',
      // Ours, beside the spec's: an answer is bounded.
      tooMany: 'A schedule can make at most 100 tasks and list at most 100 other items at once. Please paste it in parts.',
    });
  });
});

describe('errors', () => {
  it.each([
    ['empty text', '', SCHEDULE_PARSE_ERROR_CODES.blankText, SCHEDULE_PARSE_MESSAGES.blankText],
    ['blank text', '  \n\t ', SCHEDULE_PARSE_ERROR_CODES.blankText, SCHEDULE_PARSE_MESSAGES.blankText],
    ['no time at all', 'Keppra 250mg', SCHEDULE_PARSE_ERROR_CODES.noTimes, SCHEDULE_PARSE_MESSAGES.noTimes],
    ['a time without am/pm', 'at 9 give Keppra 250mg', SCHEDULE_PARSE_ERROR_CODES.noTimes, SCHEDULE_PARSE_MESSAGES.noTimes],
    ['only impossible times', '13pm Keppra 250mg, 9:75am Tylenol 5 ml', SCHEDULE_PARSE_ERROR_CODES.noTimes, SCHEDULE_PARSE_MESSAGES.noTimes],
    ['times with nothing after them', '8am, 12pm.', SCHEDULE_PARSE_ERROR_CODES.noTasks, SCHEDULE_PARSE_MESSAGES.noTasks],
    ['a header and a time with nothing after them', "Maya's meds:\n9pm", SCHEDULE_PARSE_ERROR_CODES.noTasks, SCHEDULE_PARSE_MESSAGES.noTasks],
  ])('%s', (_case, text, code, message) => {
    expect(() => parseScheduleText(text)).toThrow(new ScheduleParseError(code, message));
    try {
      parseScheduleText(text);
    } catch (error) {
      expect(error).toBeInstanceOf(ScheduleParseError);
      expect((error as ScheduleParseError).code).toBe(code);
    }
  });

  it.each([
    ['an Error', new TypeError('text.trim is not a function'), 'Parsing error: text.trim is not a function'],
    ['a thrown string', 'boom', 'Parsing error: boom'],
  ])('wraps %s as a parse failure', (_case, thrown, message) => {
    const error = explainScheduleParseFailure(thrown);
    expect(error).toBeInstanceOf(ScheduleParseError);
    expect(error.code).toBe(SCHEDULE_PARSE_ERROR_CODES.parseFailed);
    expect(error.message).toBe(message);
  });

  it('passes its own errors through unchanged', () => {
    const own = new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.noTasks, SCHEDULE_PARSE_MESSAGES.noTasks);
    expect(explainScheduleParseFailure(own)).toBe(own);
  });

  it('parseScheduleTextOrExplain answers instead of throwing', () => {
    expect(parseScheduleTextOrExplain(' ')).toEqual({
      ok: false,
      error: new ScheduleParseError(SCHEDULE_PARSE_ERROR_CODES.blankText, SCHEDULE_PARSE_MESSAGES.blankText),
    });
    const result = parseScheduleTextOrExplain('8am Keppra 250mg');
    expect(result.ok && brief(result.tasks)).toEqual([['08:00', 'Keppra', 'medication', '250 mg']]);
  });
});

describe('clock times', () => {
  it.each([
    ['9am', '09:00'],
    ['9:00am', '09:00'],
    ['9:30 PM', '21:30'],
    ['12pm', '12:00'],
    ['12:15pm', '12:15'],
    ['12am', '00:00'],
    ['12:45AM', '00:45'],
    ['1pm', '13:00'],
    ['11:59pm', '23:59'],
    ['09am', '09:00'],
    ['13pm', null],
    ['0am', null],
    ['9:75am', null],
    ['9:5am', null],
    ['21:00', null],
    ['noon', null],
  ])('%p -> %p', (text, expected) => {
    expect(clockTimeTo24h(text)).toBe(expected);
  });

  it.each([
    ['9am cath', '09:00'],
    ['9:30AM cath', '09:30'],
    ['9 pm cath', '21:00'],
    ['12pm cath', '12:00'],
    ['12am cath', '00:00'],
    ['at 4:05pm cath', '16:05'],
  ])('finds the time in %p', (text, time) => {
    expect(parseScheduleText(text).map((t) => t.time)).toEqual([time]);
  });

  it('does not read the tail of a number or an impossible time as a time', () => {
    // "13pm" and "9:75am" are not times, so they stay in the 8am block's text.
    expect(brief(parseScheduleText('8am bath 13pm 9:75am'))).toEqual([
      ['08:00', 'bath 13pm 9:75am', 'personal_care', ''],
    ]);
  });

  it('does not take "am" inside a word for a time', () => {
    expect(brief(parseScheduleText('8am Amoxicillin 5 ml'))).toEqual([['08:00', 'Amoxicillin', 'medication', '5 ml']]);
  });
});

describe('time keywords', () => {
  it.each([
    ['morning', '08:00'],
    ['noon', '12:00'],
    ['Evening', '18:00'],
    [' BEDTIME ', '21:00'],
    ['07:30', '07:30'],
    ['21:00', '21:00'],
    ['9:30pm', '21:30'],
    ['25:00', null],
    ['7:30', null],
    ['afternoon', null],
    ['', null],
  ])('normalizeTimeKeyword(%p) -> %p', (value, expected) => {
    expect(normalizeTimeKeyword(value)).toBe(expected);
  });

  it.each([
    ['Morning: Keppra 250mg', [['08:00', 'Keppra', 'medication', '250 mg']]],
    ['noon feeding', [['12:00', 'feeding', 'personal_care', '']]],
    ['evening bath', [['18:00', 'bath', 'personal_care', '']]],
    ['bedtime melatonin one', [['21:00', 'melatonin', 'medication', 'one']]],
    // A keyword next to a clock time is the same moment: the clock time wins.
    ['9pm bedtime meds: melatonin one', [['21:00', 'melatonin', 'medication', 'one']]],
    ['7am (morning) Keppra 250mg', [['07:00', 'Keppra', 'medication', '250 mg']]],
    ['Bedtime (8:30pm): melatonin one', [['20:30', 'melatonin', 'medication', 'one']]],
    // "afternoon" is not "noon".
    ['1pm afternoon nap', [['13:00', 'afternoon nap', 'medication', '']]],
  ])('%p', (text, expected) => {
    expect(brief(parseScheduleText(text))).toEqual(expected);
  });
});

describe('time blocks', () => {
  it('ignores text before the first time', () => {
    expect(brief(parseScheduleText("Maya's daily schedule:\n8am Keppra 250mg"))).toEqual([
      ['08:00', 'Keppra', 'medication', '250 mg'],
    ]);
  });

  it('gives each time the text up to the next time', () => {
    expect(brief(parseScheduleText('8am Keppra 250mg\n2pm speech therapy\n6pm dinner feeding'))).toEqual([
      ['08:00', 'Keppra', 'medication', '250 mg'],
      ['14:00', 'speech therapy', 'therapy', ''],
      ['18:00', 'dinner feeding', 'personal_care', ''],
    ]);
  });

  it.each([
    ['8am and 8pm: Keppra 250mg', [['08:00', 'Keppra', 'medication', '250 mg'], ['20:00', 'Keppra', 'medication', '250 mg']]],
    ['6am, noon, 6pm - cath', [['06:00', 'cath', 'catheterization', ''], ['12:00', 'cath', 'catheterization', ''], ['18:00', 'cath', 'catheterization', '']]],
    ['morning & evening Tylenol 2.5 ml', [['08:00', 'Tylenol', 'medication', '2.5 ml'], ['18:00', 'Tylenol', 'medication', '2.5 ml']]],
  ])('lets listed times share the following text: %p', (text, expected) => {
    expect(brief(parseScheduleText(text))).toEqual(expected);
  });

  it('sorts by time and keeps text order within a time', () => {
    expect(brief(parseScheduleText('9pm melatonin one. 8am Keppra 250mg, Tylenol 5 ml. 7am bath'))).toEqual([
      ['07:00', 'bath', 'personal_care', ''],
      ['08:00', 'Keppra', 'medication', '250 mg'],
      ['08:00', 'Tylenol', 'medication', '5 ml'],
      ['21:00', 'melatonin', 'medication', 'one'],
    ]);
  });

  it('trims separators and a dangling connector from the block text', () => {
    const [task] = parseScheduleText('8am -- diaper change and bath, then at 12pm');
    expect(task).toMatchObject({ time: '08:00', name: 'diaper change and bath' });
  });
});

describe('medication recognition', () => {
  it.each([
    ['decimal with ml', '8am Tylenol 2.5 ml', [['Tylenol', '2.5 ml']]],
    ['whole number with mg, no space', '8am Keppra 250mg', [['Keppra', '250 mg']]],
    ['upper-case unit', '8am Keppra 250 MG', [['Keppra', '250 mg']]],
    ['leading-dot decimal', '8am Clonidine .05 mg', [['Clonidine', '0.05 mg']]],
    ['word dose', '8am vitamin D one', [['vitamin D', 'one']]],
    ['each of the dose words', '8am Miralax two, Senna three, Zyrtec four, Colace five',
      [['Miralax', 'two'], ['Senna', 'three'], ['Zyrtec', 'four'], ['Colace', 'five']]],
    ['several in a block joined by and', '8am Keppra 250mg and Oxybutynin 0.5 ml', [['Keppra', '250 mg'], ['Oxybutynin', '0.5 ml']]],
    ['name after a colon', '9pm meds: melatonin one', [['melatonin', 'one']]],
    ['leading medicine stripped', '8am medicine Baclofen 5mg', [['Baclofen', '5 mg']]],
    ['leading medicines stripped', '8am Medicines Keppra 250mg', [['Keppra', '250 mg']]],
    ['stray ml stripped', '8am ml Zantac 2 ml', [['Zantac', '2 ml']]],
    ['connector before the name dropped', '8am with the Zofran 4mg', [['Zofran', '4 mg']]],
    ['multi-word name kept', '8am fish oil 500mg', [['fish oil', '500 mg']]],
  ])('%s', (_case, text, expected) => {
    expect(parseScheduleText(text).map((t) => [t.name, t.dosage])).toEqual(expected);
  });

  it.each([
    ['a name of 2 characters', '8am Zz 5 ml'],
    ['a name equal to "and"', '8am Keppra 250mg and 5 ml'],
    ['a name equal to "at"', '8am at 5mg'],
    ['a name equal to "the"', '8am the 5 ml'],
    ['a name equal to "with"', '8am with 5 ml'],
    ['a name equal to "ml"', '8am ml 5 ml'],
  ])('discards %s', (_case, text) => {
    const names = parseScheduleText(text).map((t) => t.name);
    expect(names).not.toContain('Zz');
    for (const word of ['and', 'at', 'the', 'with', 'ml']) expect(names).not.toContain(word);
  });

  it('a dose without a usable name needs a name; it is never named from leftover text', () => {
    expect(parseScheduleText('8am give 5 ml')).toEqual([expect.objectContaining({ time: '08:00', name: '', needsName: true, dosage: '5 ml' })]);
  });

  it('a dosed item is a medication even in a block with other keywords', () => {
    expect(brief(parseScheduleText('3pm speech therapy, Tylenol 5 ml'))).toEqual([
      ['15:00', 'speech therapy', 'therapy', ''],
      ['15:00', 'Tylenol', 'medication', '5 ml'],
    ]);
  });

  it('does not take a number without ml or mg for a dose', () => {
    expect(brief(parseScheduleText('8am Keppra 250'))).toEqual([['08:00', 'Keppra 250', 'medication', '']]);
  });
});

describe('category from keywords', () => {
  it.each([
    ['8am medicine', 'medication'],
    ['8am medication time', 'medication'],
    ['8am med check', 'medication'],
    ['8am meds', 'medication'],
    ['12pm catheter', 'catheterization'],
    ['12pm cath', 'catheterization'],
    ['12pm catheterization', 'catheterization'],
    ['10am therapy session', 'therapy'],
    ['10am PT', 'therapy'],
    ['10am OT with Ms. Lee', 'therapy'],
    ['10am speech', 'therapy'],
    ['2pm appointment', 'appointment'],
    ['2pm home visit', 'appointment'],
    ['2pm Doctor', 'appointment'],
    ['2pm clinic', 'appointment'],
    ['7am feeding', 'personal_care'],
    ['7pm bath', 'personal_care'],
    ['7pm diaper', 'personal_care'],
    ['7pm skin care', 'personal_care'],
    ['5pm walk the dog', 'medication'],
    // Whole words only: "prompt" has no "pt", "bathroom" no "bath", "medical" no "med", "daycare" no "care".
    ['5pm prompt bathroom medical daycare', 'medication'],
    // Precedence is the spec's order: medication, catheterization, therapy, appointment, personal_care.
    ['12pm cath and meds', 'medication'],
    ['12pm PT then cath', 'catheterization'],
    ['4pm doctor visit about speech', 'therapy'],
    ['4pm clinic after bath', 'appointment'],
  ])('%p -> %s', (text, category) => {
    expect(parseScheduleText(text)[0].category).toBe(category);
  });
});

describe('task fields', () => {
  it('names a block without medication from its first 50 characters', () => {
    const text = 'Physical therapy at the clinic with Dr. Adams to practise with the standing frame';
    const [task] = parseScheduleText(`3:30pm ${text}`);
    expect(task.name).toBe(text.slice(0, 50).trim());
    expect(task.name.length).toBeLessThanOrEqual(50);
    expect(task.description).toBe(`3:30pm ${text}`);
    expect(task.category).toBe('therapy');
  });

  it('words without a dose or time of their own continue the task before them on the line', () => {
    const text = '3:30pm Physical therapy at the clinic with Dr. Adams, bring the standing frame and AFOs';
    expect(parseScheduleText(text)).toEqual([expect.objectContaining({
      time: '15:30', name: 'Physical therapy at the clinic with Dr. Adams', category: 'therapy', description: text,
    })]);
  });

  it('trims the 50-character name', () => {
    const [task] = parseScheduleText(`9am ${'x'.repeat(49)} more words`);
    expect(task.name).toBe('x'.repeat(49));
  });

  it.each([
    ['medication', '8am Keppra 250mg', true, 'high'],
    ['default medication', '8am vitamins', true, 'high'],
    ['catheterization', '12pm cath', false, 'medium'],
    ['therapy', '3pm speech therapy', false, 'medium'],
    ['appointment', '3pm doctor', false, 'medium'],
    ['personal care', '7pm bath', false, 'medium'],
  ])('%s: urgent %p, priority %p', (_case, text, isUrgent, priority) => {
    expect(parseScheduleText(text)[0]).toMatchObject({ isUrgent, priority });
  });

  it('leaves dosage and a repeated description empty for a plain block', () => {
    expect(parseScheduleText('12pm cath')).toEqual([{
      time: '12:00', name: 'cath', needsName: false, category: 'catheterization', dosage: '', description: '', isUrgent: false, priority: 'medium',
    }]);
  });
});

describe('realistic caregiver texts', () => {
  it('reads the one-line daily routine', () => {
    const text = '8am Keppra 250mg and Oxybutynin 0.5 ml, 12pm cath, 3:30pm speech therapy, 9pm bedtime meds: melatonin one';
    const task = (time: string, name: string, category: string, dosage: string) => ({
      time, name, needsName: false, category, dosage, description: '', isUrgent: category === 'medication', priority: category === 'medication' ? 'high' : 'medium',
    });
    expect(parseScheduleText(text)).toEqual([
      task('08:00', 'Keppra', 'medication', '250 mg'),
      task('08:00', 'Oxybutynin', 'medication', '0.5 ml'),
      task('12:00', 'cath', 'catheterization', ''),
      task('15:30', 'speech therapy', 'therapy', ''),
      task('21:00', 'melatonin', 'medication', 'one'),
    ]);
  });

  it('reads a multi-line schedule pasted from notes', () => {
    const text = [
      "Sam's schedule",
      '7:00 AM - morning meds: Keppra 250 mg, vitamin D one',
      '8am and 8pm: Tylenol 2.5 ml',
      '10am PT at the clinic',
      '12pm, 4pm catheterization',
      '6:30pm G-tube feeding',
    ].join('\n');
    expect(brief(parseScheduleText(text))).toEqual([
      ['07:00', 'Keppra', 'medication', '250 mg'],
      ['07:00', 'vitamin D', 'medication', 'one'],
      ['08:00', 'Tylenol', 'medication', '2.5 ml'],
      ['10:00', 'PT at the clinic', 'therapy', ''],
      ['12:00', 'catheterization', 'catheterization', ''],
      ['16:00', 'catheterization', 'catheterization', ''],
      ['18:30', 'G-tube feeding', 'personal_care', ''],
      ['20:00', 'Tylenol', 'medication', '2.5 ml'],
    ]);
  });

  it('reads keyword times in a short note', () => {
    const text = 'Morning: Baclofen 5mg. Noon: lunch feeding. Evening: bath and diaper. Bedtime: Clonidine 0.1 mg';
    expect(brief(parseScheduleText(text))).toEqual([
      ['08:00', 'Baclofen', 'medication', '5 mg'],
      ['12:00', 'lunch feeding', 'personal_care', ''],
      ['18:00', 'bath and diaper', 'personal_care', ''],
      ['21:00', 'Clonidine', 'medication', '0.1 mg'],
    ]);
  });
});

describe('frequencies, intervals and meals', () => {
  const times = (text: string) => parseScheduleText(text).map((t) => t.time);
  it.each([
    ['Keppra 250mg once a day', ['08:00']],
    ['Keppra 250mg daily', ['08:00']],
    ['Keppra 250mg twice a day', ['08:00', '20:00']],
    ['Keppra 250mg 2x/day', ['08:00', '20:00']],
    ['Keppra 250mg b.i.d.', ['08:00', '20:00']],
    ['Keppra 250mg three times daily', ['08:00', '14:00', '20:00']],
    // QID: evenly from 08:00 to 20:00 (docs/scheduling.md).
    ['Keppra 250mg QID', ['08:00', '12:00', '16:00', '20:00']],
    ['Keppra 250mg 4 times a day', ['08:00', '12:00', '16:00', '20:00']],
    // Explicit times win over a frequency.
    ['Keppra 250mg twice daily at 7am and 7pm', ['07:00', '19:00']],
    ['Keppra 250mg every 12 hours', ['08:00', '20:00']],
    ['Keppra 250mg every 8 hours', ['00:00', '08:00', '16:00']],
    ['Cath every 6 hours from 10pm to 4am', ['04:00', '22:00']],
    ['Cath every 3 hours between 9am and 3pm', ['09:00', '12:00', '15:00']],
    ['Keppra 250mg with supper', ['18:00']],
    ['Keppra 250mg with meals', ['08:00', '12:00', '18:00']],
    ['Keppra 250mg at night', ['21:00']],
    ['Keppra 250mg at 20:30', ['20:30']],
    ['Keppra 250mg AM and PM', ['08:00', '18:00']],
  ])('%p -> %p', (text, expected) => {
    expect(times(text)).toEqual(expected);
  });

  it('a "daily schedule" heading is not a frequency', () => {
    expect(() => parseScheduleText("Maya's daily schedule:\nKeppra 250mg")).toThrow(SCHEDULE_PARSE_MESSAGES.noTimes);
  });
});

describe('doses', () => {
  it.each([
    ['8am Vitamin D 1,000 IU', '1000 IU'],
    ['8am Tylenol 2,5 ml', '2.5 ml'],
    ['8am Insulin 4 Units', '4 units'],
    ['8am Flovent two puffs', '2 puffs'],
    ['8am Baclofen half a tablet', '1/2 tablet'],
    ['8am Baclofen ½ tab', '1/2 tab'],
    ['8am Clonidine .05 mg', '0.05 mg'],
    ['8am Vitamin B12 500 mcg', '500 mcg'],
    ['8am Amoxicillin 400mg/5ml 5 ml', '5 ml'],
  ])('%p -> %p', (text, dosage) => {
    expect(parseScheduleText(text)[0].dosage).toBe(dosage);
  });
});

describe('not scheduled, and durations', () => {
  it('lists as-needed items instead of scheduling them', () => {
    expect(parseSchedule('8am Keppra 250mg, Tylenol 5 ml every 4-6 hours as needed for fever')).toEqual({
      tasks: [expect.objectContaining({ time: '08:00', name: 'Keppra' })],
      asNeeded: [{ name: 'Tylenol', needsName: false, category: 'medication', dosage: '5 ml', description: 'for fever' }],
      unscheduled: [],
    });
  });

  it('answers a text with only as-needed items', () => {
    expect(parseSchedule('Motrin 100mg PRN pain')).toMatchObject({ tasks: [], asNeeded: [{ name: 'Motrin', dosage: '100 mg' }] });
  });

  it('lists a dosed medication written without a time', () => {
    expect(parseSchedule('Keppra 250mg at 8am\nZyrtec 5 ml')).toMatchObject({
      tasks: [{ name: 'Keppra' }],
      unscheduled: [{ name: 'Zyrtec', dosage: '5 ml' }],
    });
  });

  it('turns "for 10 days" into the first and last day, counted from the start given', () => {
    const [task] = parseScheduleText('Amoxicillin 250mg at 8am for 10 days', { startDate: '2025-02-25' });
    expect(task).toMatchObject({ startDate: '2025-02-25', endDate: '2025-03-06' });
    expect(parseScheduleText('Amoxicillin 250mg at 8am for 2 weeks', { startDate: '2025-02-25' })[0]).toMatchObject({ endDate: '2025-03-10' });
    const ongoing = parseScheduleText('Amoxicillin 250mg at 8am', { startDate: '2025-02-25' })[0];
    expect(ongoing).not.toHaveProperty('startDate');
    expect(ongoing).not.toHaveProperty('endDate');
  });

  it('never gives an end date past the last storable date', () => {
    expect(parseScheduleText('Keppra 5 ml at 8am for 12 months', { startDate: '2100-06-01' })[0].endDate).toBe('2100-12-31');
  });
});

/** time | name | dosage | strength | days | interval | start | end | needsReview: what a regimen is. */
const regimen = (tasks: ParsedScheduleTask[]) => tasks.map((t) => [
  t.time, t.name, t.dosage, t.strength ?? '', t.daysOfWeek?.join(',') ?? 'every day', t.repeatInterval ?? 1, t.startDate ?? '', t.endDate ?? '', t.needsReview ?? false,
]);
const START = { startDate: '2026-03-02' }; // a Monday

describe('regimens: the lines of issue 21, each read whole', () => {
  it('a day list: Mon/Wed/Fri, with the tablet as the dose and the IU as the strength', () => {
    expect(regimen(parseScheduleText('Vitamin D3 1000 IU - 1 tab PO once daily with breakfast Mon/Wed/Fri', START))).toEqual([
      ['08:00', 'Vitamin D3', '1 tab', '1000 IU', 'monday,wednesday,friday', 1, '', '', false],
    ]);
  });

  it('every other day, half a tablet, and no task named "tab"', () => {
    expect(regimen(parseScheduleText('Clobazam 10 mg tab - half a tablet PO at bedtime every other day', START))).toEqual([
      ['21:00', 'Clobazam', '1/2 tablet', '10 mg', 'every day', 2, '2026-03-02', '', false],
    ]);
  });

  it('a taper: consecutive steps that never overlap, each with its own dose; "then stop" is a note', () => {
    const tasks = parseScheduleText(
      'Prednisolone 15 mg/5 mL: 10 mL once daily at 8:00 am x 3 days, then 5 mL daily x 3 days, then 2.5 mL daily x 3 days, then stop.', START);
    expect(regimen(tasks)).toEqual([
      ['08:00', 'Prednisolone', '10 ml', '15 mg/5 ml', 'every day', 1, '2026-03-02', '2026-03-04', false],
      ['08:00', 'Prednisolone', '5 ml', '15 mg/5 ml', 'every day', 1, '2026-03-05', '2026-03-07', false],
      ['08:00', 'Prednisolone', '2.5 ml', '15 mg/5 ml', 'every day', 1, '2026-03-08', '2026-03-10', false],
    ]);
    expect(tasks[2].description).toBe('then stop.');
  });

  it('a list of times in brackets, and what follows is a note, never a task', () => {
    const tasks = parseScheduleText('Glycopyrrolate 1 mg/5 mL - 1.5 mL via GT TID (8am, 2pm, 8pm) for drooling', START);
    expect(regimen(tasks)).toEqual(['08:00', '14:00', '20:00'].map((time) => [time, 'Glycopyrrolate', '1.5 ml', '1 mg/5 ml', 'every day', 1, '', '', false]));
    expect(tasks.map((t) => t.description)).toEqual(['for drooling', 'for drooling', 'for drooling']);
  });

  it('a concentration is the strength, the amount given is the dose', () => {
    expect(regimen(parseScheduleText('Levetiracetam 100 mg/mL oral solution - give 2.5 mL by mouth twice daily', START))).toEqual([
      ['08:00', 'Levetiracetam', '2.5 ml', '100 mg/ml', 'every day', 1, '', '', false],
      ['20:00', 'Levetiracetam', '2.5 ml', '100 mg/ml', 'every day', 1, '', '', false],
    ]);
  });

  it('every time of a list joined by commas and "and"', () => {
    expect(parseScheduleText('Cath at 6am, 12pm, 6pm and 11pm').map((t) => [t.time, t.name])).toEqual([
      ['06:00', 'Cath'], ['12:00', 'Cath'], ['18:00', 'Cath'], ['23:00', 'Cath'],
    ]);
  });

  it('section headers give their time to the lines under them, "/" between sections', () => {
    expect(brief(parseScheduleText('Morning - Focalin 5mg, Vitamin C 250 mg / Dinner - Omega 3 1000mg'))).toEqual([
      ['08:00', 'Focalin', 'medication', '5 mg'],
      ['08:00', 'Vitamin C', 'medication', '250 mg'],
      ['18:00', 'Omega 3', 'medication', '1000 mg'],
    ]);
  });
});

describe('regimens: days of the week', () => {
  const days = (text: string) => parseScheduleText(text, START).map((t) => t.daysOfWeek?.join(',') ?? 'every day');
  it.each([
    ['Iron 2 mL Tue & Thu at 9am', 'tuesday,thursday'],
    ['Mon, Wed, Fri: Iron 2 ml at 8am', 'monday,wednesday,friday'],
    ['Keppra 500mg tab: 1 tab Mon-Fri at 7am', 'monday,tuesday,wednesday,thursday,friday'],
    ['Ritalin 10 mg at 7am Monday to Friday', 'monday,tuesday,wednesday,thursday,friday'],
    ['Weekdays: Ritalin 10 mg at 7am', 'monday,tuesday,wednesday,thursday,friday'],
    ['Sodium bicarbonate 650 mg at 8am on school days', 'monday,tuesday,wednesday,thursday,friday'],
    ['Weekends only: Melatonin 2mg at 9:30pm', 'sunday,saturday'],
    ['Vitamin D 50,000 IU every Sunday at 9am', 'sunday'],
    ['Methotrexate 10 mg once weekly on Sundays', 'sunday'],
    ['Vit D 1000IU M/W/F', 'monday,wednesday,friday'],
    ['Chest PT at 4pm T/Th', 'tuesday,thursday'],
    ['Desmopressin 0.1 mg at bedtime, Tuesdays and Fridays', 'tuesday,friday'],
    ['Vitamin D 400 IU daily except Sundays', 'monday,tuesday,wednesday,thursday,friday,saturday'],
    ['Ritalin 5 mg at 7am except weekends', 'monday,tuesday,wednesday,thursday,friday'],
    ['Baclofen 5 mg at 8am daily', 'every day'],
  ])('%p -> %s', (text, expected) => {
    expect(days(text)).toEqual([expected]);
  });

  it('does not read a lone "sat" or "sun" in lower case as a day', () => {
    expect(days('Keppra 5 ml at 8am after she sat down')).toEqual(['every day']);
  });
});

describe('regimens: every N days', () => {
  it.each([
    ['Senna 8.6 mg at bedtime on alternate days', 2],
    ['Lactulose 10g/15mL: 7.5 mL once a day, alternate days, at 6pm', 2],
    ['Vitamin K 1 mg every 3 days at 10am', 3],
    ['Zinc 10 mg every third day with lunch', 3],
    ['Aspirin 81 mg q.o.d. at 8am', 2],
    ['Vitamin B12 1000 mcg every 2nd day', 2],
    ['Enoxaparin 20 mg every 48 hours', 2],
  ])('%p -> every %i days, counted from the start', (text, interval) => {
    const [task] = parseScheduleText(text, START);
    expect(task).toMatchObject({ repeatInterval: interval, startDate: START.startDate });
  });

  it('"every 1 day" is daily', () => {
    expect(parseScheduleText('Keppra 5 ml every 1 day', START)[0]).not.toHaveProperty('repeatInterval');
  });
});

describe('regimens: durations and tapers', () => {
  it('"for 1 week, then": the second step starts the day after the first ends', () => {
    expect(regimen(parseScheduleText('Prednisone 10 mg daily for 1 week, then 5 mg daily for 1 week', START))).toEqual([
      ['08:00', 'Prednisone', '10 mg', '', 'every day', 1, '2026-03-02', '2026-03-08', false],
      ['08:00', 'Prednisone', '5 mg', '', 'every day', 1, '2026-03-09', '2026-03-15', false],
    ]);
  });

  it('a step keeps the times written for the step before when its frequency agrees', () => {
    const tasks = parseScheduleText('Dexamethasone 2 mg/5 mL - 5 mL twice daily (9am & 9pm) x 2 days, then 2.5 mL twice daily x 2 days', START);
    expect(regimen(tasks)).toEqual([
      ['09:00', 'Dexamethasone', '5 ml', '2 mg/5 ml', 'every day', 1, '2026-03-02', '2026-03-03', false],
      ['09:00', 'Dexamethasone', '2.5 ml', '2 mg/5 ml', 'every day', 1, '2026-03-04', '2026-03-05', false],
      ['21:00', 'Dexamethasone', '5 ml', '2 mg/5 ml', 'every day', 1, '2026-03-02', '2026-03-03', false],
      ['21:00', 'Dexamethasone', '2.5 ml', '2 mg/5 ml', 'every day', 1, '2026-03-04', '2026-03-05', false],
    ]);
  });

  it('a taper written without commas', () => {
    expect(parseScheduleText('Dexamethasone 4 mg at 8am x 2 days then 2 mg at 8am x 2 days then stop', START).map((t) => [t.dosage, t.startDate, t.endDate]))
      .toEqual([['4 mg', '2026-03-02', '2026-03-03'], ['2 mg', '2026-03-04', '2026-03-05']]);
  });

  it('a step after one with no end cannot be placed: the review asks', () => {
    const tasks = parseScheduleText('Prednisone 10 mg daily, then 5 mg daily x 3 days', START);
    expect(tasks.map((t) => [t.dosage, t.needsReview ?? false])).toEqual([['10 mg', false], ['5 mg', true]]);
    expect(tasks[1].sourceText).toBe('Prednisone 10 mg daily, then 5 mg daily x 3 days');
  });
});

describe('regimens: times, doses and strengths as written', () => {
  const times = (text: string) => parseScheduleText(text).map((t) => t.time);
  it.each([
    ['Keppra 250 mg 8am/8pm', ['08:00', '20:00']],
    ['Baclofen 5 mg 0800 and 2000', ['08:00', '20:00']],
    ['Tacrolimus 0.5 mg at 0900 and 2100', ['09:00', '21:00']],
    ['Baclofen 10mg - one and a half tablets (15 mg) at 0700, 1500 and 2300', ['07:00', '15:00', '23:00']],
    ['Gabapentin 100 mg three times a day (7am, 3pm, 11pm)', ['07:00', '15:00', '23:00']],
    ['Cath every 4 hours (6a, 10a, 2p, 6p, 10p)', ['06:00', '10:00', '14:00', '18:00', '22:00']],
    ['Cath q3h while awake', ['08:00', '11:00', '14:00', '17:00', '20:00']],
  ])('%p -> %p', (text, expected) => {
    expect(times(text)).toEqual(expected);
  });

  it('does not take a year or a dose of four digits for a time', () => {
    expect(times('Vitamin D 1000 IU at 8am, started 2019')).toEqual(['08:00']);
  });

  it.each([
    ['Oxybutynin ½ tab at 8am', '1/2 tab', ''],
    ['Clonidine 0.1 mg - 1/2 tab at bedtime', '1/2 tab', '0.1 mg'],
    ['Lorazepam 0.5 mg - one and a half tablets at bedtime', '1 1/2 tablets', '0.5 mg'],
    ['Baclofen 10mg - one and a half tablets (15 mg) at 7am', '1 1/2 tablets (15 mg)', '10 mg'],
    ['Albuterol 90 mcg/puff 2 puffs twice a day', '2 puffs', '90 mcg/puff'],
    ['Fluticasone 50 mcg 1 spray each nostril once daily', '1 spray', '50 mcg'],
    ['Ranitidine 15 mg/mL 1 mL BID', '1 ml', '15 mg/ml'],
    ['Tylenol 160mg (5 ml) at 8am', '160 mg (5 ml)', ''],
    ['Keppra 250 mg at 8am', '250 mg', ''],
  ])('%p -> dose %p, strength %p', (text, dosage, strength) => {
    const [task] = parseScheduleText(text);
    expect([task.dosage, task.strength ?? '']).toEqual([dosage, strength]);
  });

  it('a second dose on the line is the same medication at its own time', () => {
    expect(regimen(parseScheduleText('Topiramate 25mg: 1 tab in the morning, 2 tabs at night'))).toEqual([
      ['08:00', 'Topiramate', '1 tab', '25 mg', 'every day', 1, '', '', false],
      ['21:00', 'Topiramate', '2 tabs', '25 mg', 'every day', 1, '', '', false],
    ]);
  });
});

describe('nothing guessed silently', () => {
  it.each([
    ['weekly without a day (the start day is proposed)', 'Methotrexate 7.5 mg once a week', { daysOfWeek: ['monday'] }],
    ['a number without a unit', 'Keppra 250 at 8am', { name: 'Keppra 250' }],
    ['times that disagree with the frequency', 'Tylenol 160 mg twice daily at 8am', { time: '08:00' }],
    ['a strength without a dose', 'Levetiracetam 100 mg/mL oral solution at 8am', { strength: '100 mg/ml', dosage: '' }],
  ])('flags %s, with its line', (_case, text, fields) => {
    const [task] = parseScheduleText(text, START);
    expect(task).toMatchObject({ ...fields, needsReview: true, sourceText: text });
  });

  it('a line it reads whole carries no flag and no source text', () => {
    const [task] = parseScheduleText('Keppra 250 mg at 8am', START);
    expect(task).not.toHaveProperty('needsReview');
    expect(task).not.toHaveProperty('sourceText');
  });

  it.each([
    ['an instruction on its own line', 'Keppra 5 ml BID\nShake well before use', 'Shake well before use'],
    ['words after the medication on its line', 'Glycopyrrolate 0.2 mg at 8am and 8pm, for drooling', 'for drooling'],
    ['a course to finish', 'Amoxicillin 250 mg/5 mL - 5 mL three times a day x 10 days, shake well, finish the course', 'shake well, finish the course'],
  ])('%s is a note on the medication, not a task', (_case, text, note) => {
    const tasks = parseScheduleText(text, START);
    expect(new Set(tasks.map((t) => t.name)).size).toBe(1);
    expect(tasks[0].description).toBe(note);
  });

  it.each([
    ['give meds when needed', SCHEDULE_PARSE_MESSAGES.noTimes],
    ['Give 2 p.o. daily', SCHEDULE_PARSE_MESSAGES.noTasks],
  ])('%p names no medication: %s', (text, message) => {
    expect(() => parseScheduleText(text)).toThrow(message);
  });
});

describe('odd and hostile text', () => {
  it.each([
    ['colons', '8am: '.repeat(4000)],
    ['commas', '1, '.repeat(6666)],
    ['connectors', 'at '.repeat(6666)],
    ['day lists', 'Mon/'.repeat(5000)],
    ['tapers', 'x 3 days then '.repeat(1400)],
    ['brackets', '('.repeat(20000)],
    ['digits', '9'.repeat(20000)],
  ])('answers 20,000 characters of %s with a result or the spec\'s message', (_case, text) => {
    const result = parseScheduleTextOrExplain(text, START);
    if (!result.ok) expect(Object.values(SCHEDULE_PARSE_MESSAGES)).toContain(result.error.message);
  });

  it('makes at most 100 tasks, and keeps a flagged line to 300 characters', () => {
    const many = Array.from({ length: 101 }, (_, i) => `Med${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))} 5 ml at 8am`).join('\n');
    expect(() => parseScheduleText(many)).toThrow(SCHEDULE_PARSE_MESSAGES.tooMany);
    expect(parseScheduleText(many.split('\n').slice(0, 100).join('\n'))).toHaveLength(100);
    const long = `Keppra 250 at 8am, ${'and more words '.repeat(100)}`;
    const [flagged] = parseScheduleText(long);
    expect(flagged.needsReview).toBe(true);
    expect(flagged.sourceText).toHaveLength(300);
  });

  it('never dates a step past the last storable day, and asks', () => {
    const tasks = parseScheduleText('Prednisone 10 mg daily x 3 days, then 5 mg daily x 3 days', { startDate: '2100-12-30' });
    expect(tasks.map((t) => [t.startDate, t.endDate, t.needsReview ?? false])).toEqual([
      ['2100-12-30', '2100-12-31', false], ['2100-12-31', '2100-12-31', true],
    ]);
  });
});
