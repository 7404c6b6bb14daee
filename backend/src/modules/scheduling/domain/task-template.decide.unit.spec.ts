import { FAMILY_LIMITS, LIMIT_MESSAGES, REPEATING_MESSAGES, TEMPLATE_MESSAGES, VALIDATION_MESSAGES, type RepeatingTaskChangeInput, type TaskTemplateInput } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import { evolveTaskTemplate, initialTaskTemplateState, type TaskTemplateEvent } from './task-template';
import { normalizeDays, normalizeTemplateDate, normalizeTimes, taskTemplateDecider } from './task-template.decide';

const at = '2026-11-21T08:00:00.000Z';
const today = '2026-11-21';
const meta = (actorId: string | null = 'parent') => ({ actorId, correlationId: 'c1', occurredAt: at });
const spec = deciderSpec(taskTemplateDecider);
const create = (input: Partial<TaskTemplateInput> & object, medicationIds: string[] = ['med-1'], activeSchedules = 0) => ({
  type: 'CreateTaskTemplate' as const,
  data: { templateId: 'tpl', childId: 'child', input: input as TaskTemplateInput, today, medicationIds, activeSchedules },
  metadata: meta(),
});

const ALL_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const created = (details: object): TaskTemplateEvent => ({
  type: 'TaskTemplateCreated',
  data: {
    templateId: 'tpl',
    childId: 'child',
    name: 'Catheterization',
    templateName: null,
    category: 'catheterization',
    description: null,
    medicationId: null,
    isUrgent: false,
    priority: 'medium',
    estimatedDuration: null,
    imageUrl: null,
    isRepeating: true,
    isTemplate: false,
    repeatPattern: 'daily',
    repeatInterval: 1,
    repeatStartDate: today,
    repeatEndDate: null,
    daysOfWeek: ALL_DAYS as never,
    scheduledTimes: ['06:00'],
    timeNotes: {},
    createdBy: 'parent',
    createdAt: at,
    ...details,
  },
});
const deactivated: TaskTemplateEvent = {
  type: 'TaskTemplateDeactivated',
  data: { templateId: 'tpl', childId: 'child', deactivatedBy: 'parent', deactivatedAt: at },
};

describe('task template decider', () => {
  describe('CreateTaskTemplate', () => {
    describe('limits', () => {
      const times = (n: number) => Array.from({ length: n }, (_, i) => `${String(i).padStart(2, '0')}:30`);
      const base = { name: 'Catheterization', category: 'catheterization' as const, isRepeating: true };

      it(`a schedule has at most ${FAMILY_LIMITS.timesPerSchedule} times a day (each time counted once)`, () => {
        spec.given([]).when(create({ ...base, scheduledTimes: times(24) })).then([created({ scheduledTimes: times(24) })]);
        spec.given([]).when(create({ ...base, scheduledTimes: [...times(24), '00:30'] })).then([created({ scheduledTimes: times(24) })]);
        spec.given([]).when(create({ ...base, scheduledTimes: [...times(24), '23:45'] })).thenThrows('SCHEDULING.INVALID_TEMPLATE', LIMIT_MESSAGES.timesPerSchedule);
      });

      it(`a recipient has at most ${FAMILY_LIMITS.schedulesPerRecipient} active schedules; one created stopped does not count`, () => {
        const max = FAMILY_LIMITS.schedulesPerRecipient;
        spec.given([]).when(create({ ...base, scheduledTimes: ['06:00'] }, [], max - 1)).then([created({})]);
        spec.given([]).when(create({ ...base, scheduledTimes: ['06:00'] }, [], max)).thenThrows('SCHEDULING.SCHEDULE_LIMIT', LIMIT_MESSAGES.schedulesPerRecipient);
        spec.given([]).when(create({ ...base, scheduledTimes: ['06:00'], isActive: false }, [], max)).then([created({}), deactivated]);
      });
    });

    it('creates from the template payload (onboarding medication: weekdays, start and end as dates)', () => {
      spec
        .given([])
        .when(
          create({
            name: 'Keppra',
            category: 'medication',
            isUrgent: true,
            isRepeating: true,
            repeatStartDate: '2026-11-21T08:00:00.000Z',
            repeatEndDate: '2027-11-21',
            daysOfWeek: [1, 2, 3, 4, 5],
            scheduledTimes: ['20:00', '08:00', '08:00'],
            priority: 'high',
            medicationId: 'med-1',
          }),
        )
        .then([
          created({
            name: 'Keppra',
            category: 'medication',
            isUrgent: true,
            priority: 'high',
            medicationId: 'med-1',
            repeatEndDate: '2027-11-21',
            daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
            scheduledTimes: ['08:00', '20:00'],
          }),
        ]);
    });

    it('creates from the repeating-task payload: one scheduledTime, custom days by name, empty end date is ongoing', () => {
      spec
        .given([])
        .when(
          create({
            name: 'Catheterization',
            category: 'catheterization',
            isRepeating: true,
            scheduledTime: '6:00',
            repeatStartDate: today,
            repeatEndDate: '',
            daysOfWeek: ['saturday', 'sunday'],
            repeatPattern: 'custom',
            repeatInterval: 1,
            isTemplate: false,
            isActive: true,
          }),
        )
        .then([created({ repeatPattern: 'custom', daysOfWeek: ['sunday', 'saturday'] })]);
    });

    it('creates a saved template with all the template fields', () => {
      spec
        .given([])
        .when(
          create({
            name: 'Speech therapy',
            templateName: ' Weekly speech ',
            isTemplate: true,
            category: 'therapy_session',
            description: 'Bring the picture cards',
            isRepeating: true,
            repeatPattern: 'weekly',
            repeatInterval: 2,
            repeatStartDate: '2026-11-23',
            repeatEndDate: 'undefined',
            daysOfWeek: ['monday'],
            scheduledTimes: ['10:00'],
            timeNotes: { '10:00': 'Room 4', '9:00': '  ' },
            estimatedDuration: 45,
            imageUrl: 'https://example.com/cards.png',
            medicationId: 'none',
          }),
        )
        .then([
          created({
            name: 'Speech therapy',
            templateName: 'Weekly speech',
            isTemplate: true,
            category: 'therapy_session',
            description: 'Bring the picture cards',
            repeatPattern: 'weekly',
            repeatInterval: 2,
            repeatStartDate: '2026-11-23',
            daysOfWeek: ['monday'],
            scheduledTimes: ['10:00'],
            timeNotes: { '10:00': 'Room 4' },
            estimatedDuration: 45,
            imageUrl: 'https://example.com/cards.png',
          }),
        ]);
    });

    it('defaults: start today, every day, interval 1, not repeating and not a template; high priority makes it urgent', () => {
      spec
        .given([])
        .when(create({ name: 'Catheterization', category: 'catheterization', scheduledTimes: ['06:00'], priority: 'high' }))
        .then([created({ isRepeating: false, priority: 'high', isUrgent: true })]);
    });

    it('an inactive template is created and deactivated at once', () => {
      spec
        .given([])
        .when(create({ name: 'Catheterization', category: 'catheterization', scheduledTimes: ['06:00'], isRepeating: true, isActive: false }))
        .then([created({}), deactivated]);
    });

    it.each([
      ['no time', { scheduledTimes: [] }, TEMPLATE_MESSAGES.timesRequired],
      ['only blank times', { scheduledTimes: [''] }, TEMPLATE_MESSAGES.timesRequired],
      ['a template without a template name', { isTemplate: true, templateName: '  ' }, TEMPLATE_MESSAGES.templateNameRequired],
      ['no name', { name: ' ' }, TEMPLATE_MESSAGES.nameRequired],
      ['no category', { category: undefined }, TEMPLATE_MESSAGES.categoryRequired],
      ['an unknown category', { category: 'therapy' }, TEMPLATE_MESSAGES.unknownCategory],
      ['a bad time', { scheduledTimes: ['25:00'] }, TEMPLATE_MESSAGES.invalidTime],
      ['a 12-hour time', { scheduledTimes: ['9am'] }, TEMPLATE_MESSAGES.invalidTime],
      ['weekly without days', { repeatPattern: 'weekly' }, TEMPLATE_MESSAGES.daysRequired],
      ['custom with an empty list', { repeatPattern: 'custom', daysOfWeek: [] }, TEMPLATE_MESSAGES.daysRequired],
      ['a repeating task with no day', { daysOfWeek: [] }, TEMPLATE_MESSAGES.daysRequired],
      ['an unknown day', { daysOfWeek: ['funday'] }, TEMPLATE_MESSAGES.unknownDay],
      ['day 7', { daysOfWeek: [7] }, TEMPLATE_MESSAGES.unknownDay],
      ['interval 0', { repeatInterval: 0 }, TEMPLATE_MESSAGES.intervalRange],
      ['interval 31', { repeatInterval: 31 }, TEMPLATE_MESSAGES.intervalRange],
      ['interval 1.5', { repeatInterval: 1.5 }, TEMPLATE_MESSAGES.intervalRange],
      ['an impossible date', { repeatStartDate: '2026-02-30' }, TEMPLATE_MESSAGES.invalidDate],
      ['a date in words', { repeatEndDate: 'next week' }, TEMPLATE_MESSAGES.invalidDate],
      ['an end before the start', { repeatStartDate: '2026-11-21', repeatEndDate: '2026-11-20' }, TEMPLATE_MESSAGES.endBeforeStart],
      ['an end before the default start (today)', { repeatEndDate: '2026-11-01' }, TEMPLATE_MESSAGES.endBeforeStart],
      ['another recipient\'s medication', { medicationId: 'med-of-someone-else' }, TEMPLATE_MESSAGES.medicationNotFound],
      ['a zero duration', { estimatedDuration: 0 }, TEMPLATE_MESSAGES.estimatedDuration],
      ['a duration past the integer column', { estimatedDuration: 2_147_483_648 }, TEMPLATE_MESSAGES.estimatedDurationMax],
      ['a start in year 0', { repeatStartDate: '0000-01-01' }, VALIDATION_MESSAGES.dateRange],
      ['a start before 1900', { repeatStartDate: '1899-12-31' }, VALIDATION_MESSAGES.dateRange],
      ['an end after 2100', { repeatEndDate: '2101-01-01' }, VALIDATION_MESSAGES.dateRange],
      ['an end in year 9999 (as a date-time)', { repeatEndDate: '9999-12-31T20:00:00.000Z' }, VALIDATION_MESSAGES.dateRange],
      ['an end in year 10000', { repeatEndDate: '10000-01-01' }, VALIDATION_MESSAGES.dateRange],
    ])('refuses %s', (_, change, message) => {
      const input = { name: 'Catheterization', category: 'catheterization', isRepeating: true, scheduledTimes: ['06:00'], ...change };
      spec.given([]).when(create(input as never)).thenThrows('SCHEDULING.INVALID_TEMPLATE', message);
    });

    it('accepts an end date equal to the start date', () => {
      spec
        .given([])
        .when(create({ name: 'Catheterization', category: 'catheterization', isRepeating: true, scheduledTimes: ['06:00'], repeatEndDate: today }))
        .then([created({ repeatEndDate: today })]);
    });

    it('refuses to create the same template twice', () => {
      spec.given([created({})]).when(create({ name: 'X', category: 'other', scheduledTimes: ['06:00'] })).thenThrows('SCHEDULING.TEMPLATE_ALREADY_EXISTS');
    });
  });

  describe('DeactivateTaskTemplate (stop with a reason)', () => {
    const deactivate = (reason = 'Course finished') => ({ type: 'DeactivateTaskTemplate' as const, data: { reason }, metadata: meta() });
    const stoppedEvent: TaskTemplateEvent = { type: 'TaskTemplateDeactivated', data: { ...deactivated.data, reason: 'Course finished' } };

    it('stops once, with the trimmed reason and who; again records nothing', () => {
      spec.given([created({})]).when(deactivate(' Course finished ')).then([stoppedEvent]);
      spec.given([created({}), stoppedEvent]).when(deactivate()).then([]);
    });

    it('refuses a blank reason, an unknown template and an anonymous actor', () => {
      spec.given([created({})]).when(deactivate('  ')).thenThrows('SCHEDULING.INVALID_TEMPLATE', REPEATING_MESSAGES.reasonRequired);
      spec.given([]).when(deactivate()).thenThrows('SCHEDULING.TEMPLATE_NOT_FOUND', REPEATING_MESSAGES.notFound);
      spec.given([created({})]).when({ ...deactivate(), metadata: meta(null) }).thenThrows('SCHEDULING.ACTOR_REQUIRED');
    });
  });

  describe('ChangeTaskTemplateSchedule', () => {
    const change = (data: Partial<RepeatingTaskChangeInput>, medicationIds: string[] = ['med-1']) => ({
      type: 'ChangeTaskTemplateSchedule' as const,
      data: { change: { effectiveFrom: '2026-11-22', ...data } as RepeatingTaskChangeInput, today, medicationIds },
      metadata: meta(),
    });
    const original = (created({}) as Extract<TaskTemplateEvent, { type: 'TaskTemplateCreated' }>).data;
    const { templateId: _t, childId: _c, createdBy: _b, createdAt: _a, ...originalDetails } = original;
    const changed = (effectiveFrom: string, details: object): TaskTemplateEvent => ({
      type: 'TaskTemplateScheduleChanged',
      data: { templateId: 'tpl', childId: 'child', effectiveFrom, details: { ...originalDetails, ...details }, changedBy: 'parent', changedAt: at },
    });

    it('records the new version from the chosen date; fields not sent keep their value', () => {
      spec
        .given([created({})])
        .when(change({ scheduledTimes: ['07:30', '19:00'], daysOfWeek: ['monday'], repeatEndDate: '2026-12-31', description: 'Size 10 catheter', timeNotes: { '07:30': 'Before school' } }))
        .then([changed('2026-11-22', { scheduledTimes: ['07:30', '19:00'], daysOfWeek: ['monday'], repeatEndDate: '2026-12-31', description: 'Size 10 catheter', timeNotes: { '07:30': 'Before school' } })]);
    });

    it('takes one scheduledTime as the new times, and today as the first day', () => {
      spec.given([created({})]).when(change({ effectiveFrom: today, scheduledTime: '9:15' })).then([changed(today, { scheduledTimes: ['09:15'] })]);
    });

    it('keeps earlier versions for the days before the change; a later change from an earlier date replaces the later one', () => {
      const first = changed('2026-11-30', { scheduledTimes: ['10:00'] });
      const second = changed('2026-11-25', { scheduledTimes: ['11:00'] });
      const state = [created({}), first, second].reduce(taskTemplateDecider.evolve, taskTemplateDecider.initialState());
      expect(state).toMatchObject({ effectiveFrom: '2026-11-25', details: { scheduledTimes: ['11:00'] }, earlierVersions: [{ from: null, details: { scheduledTimes: ['06:00'] } }] });
      const third = changed('2026-12-05', { scheduledTimes: ['12:00'] });
      const after = [created({}), second, third].reduce(taskTemplateDecider.evolve, taskTemplateDecider.initialState());
      expect(after).toMatchObject({ effectiveFrom: '2026-12-05', earlierVersions: [{ from: null }, { from: '2026-11-25', details: { scheduledTimes: ['11:00'] } }] });
    });

    it('records nothing when nothing changes', () => {
      spec.given([created({})]).when(change({ scheduledTimes: ['06:00'] })).then([]);
    });

    it('refuses a start before today, an unreal or out-of-range date, a missing date, and an end before the start of the change', () => {
      spec.given([created({})]).when(change({ effectiveFrom: '2026-11-20' })).thenThrows('SCHEDULING.INVALID_TEMPLATE', REPEATING_MESSAGES.effectiveFromPast);
      spec.given([created({})]).when(change({ effectiveFrom: '2026-02-30' })).thenThrows('SCHEDULING.INVALID_TEMPLATE');
      spec.given([created({})]).when(change({ effectiveFrom: '2101-01-01' })).thenThrows('SCHEDULING.INVALID_TEMPLATE', VALIDATION_MESSAGES.dateRange);
      spec.given([created({})]).when(change({ effectiveFrom: '' })).thenThrows('SCHEDULING.INVALID_TEMPLATE', REPEATING_MESSAGES.effectiveFromRequired);
      spec.given([created({})]).when(change({ effectiveFrom: '2026-12-10', repeatEndDate: '2026-12-01' })).thenThrows('SCHEDULING.INVALID_TEMPLATE', REPEATING_MESSAGES.endBeforeEffectiveFrom);
    });

    it('applies the creation rules to the new version (times, days, medication of the recipient)', () => {
      spec.given([created({})]).when(change({ scheduledTimes: ['24:00'] })).thenThrows('SCHEDULING.INVALID_TEMPLATE', TEMPLATE_MESSAGES.invalidTime);
      spec.given([created({})]).when(change({ scheduledTimes: [] })).thenThrows('SCHEDULING.INVALID_TEMPLATE', TEMPLATE_MESSAGES.timesRequired);
      spec.given([created({})]).when(change({ daysOfWeek: [] })).thenThrows('SCHEDULING.INVALID_TEMPLATE', TEMPLATE_MESSAGES.daysRequired);
      spec.given([created({})]).when(change({ medicationId: 'med-2' })).thenThrows('SCHEDULING.INVALID_TEMPLATE', TEMPLATE_MESSAGES.medicationNotFound);
      // a medication taken off the recipient's list since does not block other changes
      spec.given([created({ medicationId: 'old-med' })]).when(change({ scheduledTimes: ['07:00'] }, [])).then([changed('2026-11-22', { medicationId: 'old-med', scheduledTimes: ['07:00'] })]);
    });

    it('refuses an unknown, a non-repeating or a stopped template', () => {
      spec.given([]).when(change({})).thenThrows('SCHEDULING.TEMPLATE_NOT_FOUND');
      spec.given([created({ isRepeating: false, isTemplate: true, templateName: 'Saved' })]).when(change({})).thenThrows('SCHEDULING.TEMPLATE_NOT_FOUND');
      spec.given([created({}), deactivated]).when(change({ scheduledTimes: ['07:00'] })).thenThrows('SCHEDULING.TEMPLATE_STOPPED', REPEATING_MESSAGES.stopped);
    });
  });

  describe('PauseTaskTemplate and ResumeTaskTemplate', () => {
    const pause = { type: 'PauseTaskTemplate' as const, data: {}, metadata: meta() };
    const resume = { type: 'ResumeTaskTemplate' as const, data: {}, metadata: meta() };
    const paused: TaskTemplateEvent = { type: 'TaskTemplatePaused', data: { templateId: 'tpl', childId: 'child', pausedBy: 'parent', pausedAt: at } };
    const resumed: TaskTemplateEvent = { type: 'TaskTemplateResumed', data: { templateId: 'tpl', childId: 'child', resumedBy: 'parent', resumedAt: at } };

    it('pauses and resumes, each once', () => {
      spec.given([created({})]).when(pause).then([paused]);
      spec.given([created({}), paused]).when(pause).then([]);
      spec.given([created({}), paused]).when(resume).then([resumed]);
      spec.given([created({}), paused, resumed]).when(resume).then([]);
      spec.given([created({})]).when(resume).then([]);
    });

    it('refuses a stopped or unknown template', () => {
      spec.given([created({}), deactivated]).when(pause).thenThrows('SCHEDULING.TEMPLATE_STOPPED');
      spec.given([created({}), paused, deactivated]).when(resume).thenThrows('SCHEDULING.TEMPLATE_STOPPED');
      spec.given([]).when(pause).thenThrows('SCHEDULING.TEMPLATE_NOT_FOUND');
    });
  });
});

describe('template input normalisers', () => {
  it('reads dates and date-times as yyyy-mm-dd; empty means absent', () => {
    expect(normalizeTemplateDate('2026-03-08', 'd')).toBe('2026-03-08');
    expect(normalizeTemplateDate('2026-03-08T07:00:00.000Z', 'd')).toBe('2026-03-08');
    expect(normalizeTemplateDate('', 'd')).toBeNull();
    expect(normalizeTemplateDate('null', 'd')).toBeNull();
    expect(normalizeTemplateDate(undefined, 'd')).toBeNull();
    expect(() => normalizeTemplateDate('2026-3-8', 'd')).toThrow(TEMPLATE_MESSAGES.invalidDate);
  });

  it('sorts and dedupes times and days', () => {
    expect(normalizeTimes(['21:00', '8:00', '08:00', '12:00:00'])).toEqual(['08:00', '12:00', '21:00']);
    expect(normalizeDays([6, 'monday', '0', 'Monday'])).toEqual(['sunday', 'monday', 'saturday']);
  });

  describe('who the schedule is in the name of (the actor of its materialised occurrences)', () => {
    const replay = (events: TaskTemplateEvent[]) => events.reduce(evolveTaskTemplate, initialTaskTemplateState());
    const changedBy = (events: TaskTemplateEvent[]) => {
      const state = replay(events);
      return state.status === 'none' ? null : state.changedBy;
    };
    const change = (by: string): TaskTemplateEvent => ({
      type: 'TaskTemplateScheduleChanged',
      data: { templateId: 'tpl', childId: 'child', effectiveFrom: '2026-11-22', details: (created({}).data as never), changedBy: by, changedAt: at },
    });
    const paused = (by: string): TaskTemplateEvent => ({ type: 'TaskTemplatePaused', data: { templateId: 'tpl', childId: 'child', pausedBy: by, pausedAt: at } });
    const resumed = (by: string): TaskTemplateEvent => ({ type: 'TaskTemplateResumed', data: { templateId: 'tpl', childId: 'child', resumedBy: by, resumedAt: at } });

    it('is its creator, then whoever last changed, paused or resumed it', () => {
      expect(changedBy([created({})])).toBe('parent');
      expect(changedBy([created({}), change('nurse')])).toBe('nurse');
      expect(changedBy([created({}), change('nurse'), paused('parent'), resumed('grandma')])).toBe('grandma');
    });

    it('a stop without a person (created inactive) keeps the last one', () => {
      const stoppedByNobody: TaskTemplateEvent = { type: 'TaskTemplateDeactivated', data: { templateId: 'tpl', childId: 'child', deactivatedBy: null, deactivatedAt: at } };
      expect(changedBy([created({}), change('nurse'), stoppedByNobody])).toBe('nurse');
      expect(changedBy([created({}), change('nurse'), deactivated])).toBe('parent');
    });
  });
});
