import { APPOINTMENT_MESSAGES, completionTiming, FAMILY_LIMITS, LIMIT_MESSAGES, REMOVE_TASK_REASON_REQUIRED, TASK_MESSAGES, VALIDATION_MESSAGES } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import { DomainError } from '../../../platform/commands/domain-error';
import type { TaskEvent, TaskReminder } from './task';
import { decideTask, taskDecider, type TaskCommand, type TaskDetailsInput } from './task.decide';
import { NO_TASK_DETAILS } from '../../../test-support/task-details';

const spec = deciderSpec(taskDecider);
const taskId = '00000000-0000-4000-8000-0000000000aa';
const childId = '00000000-0000-4000-8000-0000000000c1';
const parent = '10000000-0000-4000-8000-000000000001';
const grandma = '10000000-0000-4000-8000-000000000002';
const meta = (occurredAt = '2026-11-21T16:00:00.000Z', actorId: string | null = parent) => ({ actorId, correlationId: 'c-1', occurredAt });

const details = (overrides: Partial<TaskDetailsInput> = {}): TaskDetailsInput => ({
  name: 'Oxybutynin 0.5 ml',
  category: 'medication',
  priority: 'medium',
  isUrgent: false,
  ...NO_TASK_DETAILS,
  ...overrides,
});
const la: { scheduledDate: string | null; localTime: string | null; timezone: string } = { scheduledDate: '2026-11-21', localTime: '09:00', timezone: 'America/Los_Angeles' };

const schedule = (d: Partial<TaskDetailsInput> = {}, when: Partial<typeof la> = {}, templateId: string | null = null): TaskCommand => ({
  type: 'ScheduleTask',
  data: { taskId, childId, templateId, details: details(d), schedule: { ...la, ...when } },
  metadata: meta(),
});

const scheduled = (overrides: Record<string, unknown> = {}): TaskEvent => ({
  type: 'TaskScheduled',
  data: <Extract<TaskEvent, { type: 'TaskScheduled' }>['data']>{
    ...(details() as object),
    scheduledDate: '2026-11-21',
    localTime: '09:00',
    timezone: 'America/Los_Angeles',
    scheduledTime: '2026-11-21T17:00:00.000Z',
    taskId,
    childId,
    templateId: null,
    scheduledBy: parent,
    scheduledAt: '2026-11-21T16:00:00.000Z',
    ...overrides,
  },
});
const completed = (by = grandma, at = '2026-11-21T17:05:00.000Z'): TaskEvent => ({
  type: 'TaskCompleted',
  data: { taskId, childId, notes: null, completedBy: by, completedAt: at },
});
const removedEvent: TaskEvent = { type: 'TaskRemoved', data: { taskId, childId, reason: 'Doctor stopped it', removedBy: parent, removedAt: '2026-11-21T16:30:00.000Z' } };

const complete = (notes?: string | null, occurredAt?: string, actorId: string | null = parent): TaskCommand => ({ type: 'CompleteTask', data: { notes }, metadata: meta(occurredAt, actorId) });
const uncomplete: TaskCommand = { type: 'UncompleteTask', data: {}, metadata: meta('2026-11-21T17:10:00.000Z') };
const remove = (reason?: string | null): TaskCommand => ({ type: 'RemoveTask', data: { reason }, metadata: meta('2026-11-21T16:30:00.000Z') });
const update = (changes: Record<string, unknown>, timezone?: string): TaskCommand => ({
  type: 'UpdateTask',
  data: { changes: changes as never, timezone },
  metadata: meta('2026-11-21T16:45:00.000Z'),
});
const worker = (occurredAt: string) => meta(occurredAt, null);
const at9 = '2026-11-21T17:00:00.000Z';
const deliveries = [{ userId: parent, channels: ['push' as const, 'in_app' as const] }];
const medicationReminder: TaskReminder = { kind: 'medication', offset: null };
const remind = (occurredAt: string, scheduledTime = at9, reminder: TaskReminder = medicationReminder): TaskCommand => ({
  type: 'RecordTaskReminder',
  data: { reminder, scheduledTime, deliveries },
  metadata: worker(occurredAt),
});
const escalate = (step: number, occurredAt: string, scheduledTime = at9): TaskCommand => ({
  type: 'ReachEscalationStep',
  data: { step, notify: step === 0 ? 'primary' : 'secondary_caregivers', scheduledTime, deliveries },
  metadata: worker(occurredAt),
});
const acknowledge = (by: string | null, occurredAt = '2026-11-21T17:03:00.000Z'): TaskCommand => ({ type: 'AcknowledgeTaskAlert', data: {}, metadata: meta(occurredAt, by) });

const appointment = {
  type: 'doctor',
  subtype: 'pediatrician',
  startTime: '14:00',
  endTime: '15:00',
  location: ' Main St Clinic ',
  attendees: ['Dr. Patel', ' Mom '],
  travelTime: '20',
  prepTime: 'soon',
};

describe('task decider', () => {
  describe(`at most ${FAMILY_LIMITS.tasksPerRecipientPerDay} tasks a day per recipient`, () => {
    const max = FAMILY_LIMITS.tasksPerRecipientPerDay;
    const withCount = (command: TaskCommand, key: 'tasksThatDay' | 'tasksOnNewDate', n: number) => ({ ...command, data: { ...command.data, [key]: n } }) as TaskCommand;

    it('a task on a day one short of it is scheduled; on a full day it is refused; uncounted (a schedule\'s occurrence) it always is', () => {
      spec.given([]).when(withCount(schedule(), 'tasksThatDay', max - 1)).then([scheduled()]);
      spec.given([]).when(withCount(schedule(), 'tasksThatDay', max)).thenThrows('SCHEDULING.DAY_LIMIT', LIMIT_MESSAGES.tasksPerRecipientPerDay);
      spec.given([]).when(schedule()).then([scheduled()]);
    });

    it('moving a task to a full day is refused; changing it within its day is not', () => {
      spec.given([scheduled()]).when(withCount(update({ scheduledDate: '2026-11-22' }), 'tasksOnNewDate', max)).thenThrows('SCHEDULING.DAY_LIMIT', LIMIT_MESSAGES.tasksPerRecipientPerDay);
      const state = [scheduled()].reduce(taskDecider.evolve, taskDecider.initialState());
      expect(decideTask(withCount(update({ scheduledDate: '2026-11-22' }), 'tasksOnNewDate', max - 1), state).map((e) => e.type)).toEqual(['TaskUpdated']);
      expect(decideTask(withCount(update({ scheduledDate: '2026-11-21', name: 'Renamed' }), 'tasksOnNewDate', max), state).map((e) => e.type)).toEqual(['TaskUpdated']);
    });
  });

  describe('ScheduleTask', () => {
    it('schedules at the local time in the care team zone, deriving the instant', () => {
      spec.given([]).when(schedule()).then([scheduled()]);
    });

    it('uses the zone it is given (Europe/Paris), not a Pacific default', () => {
      spec.given([]).when(schedule({}, { timezone: 'Europe/Paris' })).then([scheduled({ timezone: 'Europe/Paris', scheduledTime: '2026-11-21T08:00:00.000Z' })]);
    });

    it('high priority makes the task urgent; medicationId none becomes null; text is trimmed', () => {
      spec
        .given([])
        .when(schedule({ priority: 'high', isUrgent: false, medicationId: 'none', name: '  Cath  ', description: '  ', timeSpecificNotes: ' after lunch ' }))
        .then([scheduled({ priority: 'high', isUrgent: true, name: 'Cath', timeSpecificNotes: 'after lunch' })]);
    });

    it('urgent stays as sent with low priority (the reverse is not applied)', () => {
      spec.given([]).when(schedule({ priority: 'low', isUrgent: true })).then([scheduled({ priority: 'low', isUrgent: true })]);
    });

    it.each([
      [{ name: '   ' }, {}, TASK_MESSAGES.nameRequired],
      [{ category: '' as never }, {}, TASK_MESSAGES.categoryRequired],
      [{ category: 'therapy' as never }, {}, TASK_MESSAGES.unknownCategory],
      [{ priority: 'urgent' as never }, {}, TASK_MESSAGES.unknownPriority],
      [{}, { localTime: null }, TASK_MESSAGES.timesRequired],
      [{}, { localTime: '9am' }, TASK_MESSAGES.invalidTime],
      [{}, { scheduledDate: '2026-02-30' }, TASK_MESSAGES.invalidDate],
      [{}, { scheduledDate: null }, TASK_MESSAGES.invalidDate],
      [{}, { timezone: 'Pacific Time' }, TASK_MESSAGES.unknownTimezone],
    ])('refuses %p %p: %s', (d, when, message) => {
      spec.given([]).when(schedule(d, when as never)).thenThrows('SCHEDULING.INVALID', message);
    });

    it.each([
      ['0000-01-01', '09:00', 'America/Los_Angeles'],
      ['1899-12-31', '09:00', 'America/Los_Angeles'],
      ['2101-01-01', '09:00', 'America/Los_Angeles'],
      // year 10000 in UTC: the instant would not even print as an ISO date PostgreSQL reads
      ['9999-12-31', '20:00', 'America/Los_Angeles'],
    ])('refuses a date outside 1900..2100 (%s %s %s) before it reaches an event', (scheduledDate, localTime, timezone) => {
      spec.given([]).when(schedule({}, { scheduledDate, localTime, timezone })).thenThrows('SCHEDULING.INVALID', VALIDATION_MESSAGES.dateRange);
    });

    it('accepts the range edges at any clock time in the farthest zones; the instant stays a four-digit year', () => {
      for (const [scheduledDate, localTime, timezone, instant] of [
        ['2100-12-31', '23:59', 'Etc/GMT+12', '2101-01-01T11:59:00.000Z'],
        ['1900-01-01', '00:00', 'Etc/GMT-14', '1899-12-31T10:00:00.000Z'],
      ]) {
        const [event] = decideTask(schedule({}, { scheduledDate, localTime, timezone }), { status: 'none' });
        expect(event.data).toMatchObject({ scheduledDate, localTime, scheduledTime: instant });
      }
    });

    it('is idempotent on an existing stream: the same task again records nothing (materialisation)', () => {
      const templateId = '00000000-0000-4000-8000-0000000000f1';
      spec.given([scheduled({ templateId })]).when(schedule({}, {}, templateId)).then([]);
      // even after it was completed, or removed: a re-run of the materialiser never resurrects it
      spec.given([scheduled({ templateId }), completed()]).when(schedule({}, {}, templateId)).then([]);
      spec.given([scheduled({ templateId }), removedEvent]).when(schedule({}, {}, templateId)).then([]);
    });

    it('an occurrence of a repeating schedule is recorded in the name of who last changed the schedule', () => {
      const templateId = '00000000-0000-4000-8000-0000000000f1';
      // The job passes the schedule's last changer (grandma) as the actor, not the worker's null.
      spec
        .given([])
        .when({ ...schedule({}, {}, templateId), metadata: meta('2026-11-21T08:00:00.000Z', grandma) })
        .then([scheduled({ templateId, scheduledBy: grandma, scheduledAt: '2026-11-21T08:00:00.000Z' })]);
    });

    it('a different task on an existing stream is a conflict', () => {
      spec.given([scheduled()]).when(schedule({ name: 'Something else' })).thenThrows('SCHEDULING.TASK_ALREADY_EXISTS');
    });
  });

  describe('appointments', () => {
    it('schedules at the start time with defaults: reminders 24h and 2h, non-numeric minutes 0, attendees joined', () => {
      spec
        .given([])
        .when(schedule({ category: 'appointment', name: 'Checkup', appointmentDetails: appointment }, { localTime: null as never }))
        .then([
          scheduled({
            category: 'appointment',
            name: 'Checkup',
            localTime: '14:00',
            scheduledTime: '2026-11-21T22:00:00.000Z',
            appointmentDetails: {
              type: 'doctor',
              subtype: 'pediatrician',
              startTime: '14:00',
              endTime: '15:00',
              location: 'Main St Clinic',
              isTelemedicine: false,
              videoLink: null,
              attendees: 'Dr. Patel, Mom',
              reminders: ['24h', '2h'],
              travelTime: 20,
              prepTime: 0,
            },
          }),
        ]);
    });

    it.each([
      [{ ...appointment, type: '' }, '2026-11-21', APPOINTMENT_MESSAGES.typeRequired],
      [{ ...appointment, type: 'spa' }, '2026-11-21', TASK_MESSAGES.unknownAppointmentType],
      [appointment, null, APPOINTMENT_MESSAGES.dateRequired],
      [{ ...appointment, startTime: null }, '2026-11-21', APPOINTMENT_MESSAGES.timesRequired],
      [{ ...appointment, endTime: '' }, '2026-11-21', APPOINTMENT_MESSAGES.timesRequired],
      [{ ...appointment, endTime: '14:00' }, '2026-11-21', APPOINTMENT_MESSAGES.endAfterStart],
      [{ ...appointment, endTime: '13:30' }, '2026-11-21', APPOINTMENT_MESSAGES.endAfterStart],
      [{ ...appointment, startTime: '2pm' }, '2026-11-21', TASK_MESSAGES.invalidTime],
      [{ ...appointment, travelTime: -5 }, '2026-11-21', TASK_MESSAGES.minutesMin],
      [{ ...appointment, prepTime: 2_147_483_648 }, '2026-11-21', TASK_MESSAGES.minutesMax],
      [{ ...appointment, travelTime: '99999999999' }, '2026-11-21', TASK_MESSAGES.minutesMax],
      [appointment, '9999-12-31', VALIDATION_MESSAGES.dateRange],
      [{ ...appointment, reminders: ['1w'] }, '2026-11-21', TASK_MESSAGES.unknownReminder],
    ])('refuses %p on %p: %s', (a, date, message) => {
      spec.given([]).when(schedule({ category: 'appointment', appointmentDetails: a }, { scheduledDate: date as never })).thenThrows('SCHEDULING.INVALID', message);
    });

    it('an appointment without any details needs a type first', () => {
      spec.given([]).when(schedule({ category: 'appointment' })).thenThrows('SCHEDULING.INVALID', APPOINTMENT_MESSAGES.typeRequired);
    });

    it('explicit reminders are kept (an empty list means none)', () => {
      const [event] = decideTask(schedule({ category: 'appointment', appointmentDetails: { ...appointment, reminders: ['30m', '10m', '30m'] } }), { status: 'none' });
      expect((event.data as { appointmentDetails: { reminders: string[] } }).appointmentDetails.reminders).toEqual(['30m', '10m']);
      const [none] = decideTask(schedule({ category: 'appointment', appointmentDetails: { ...appointment, reminders: [] } }), { status: 'none' });
      expect((none.data as { appointmentDetails: { reminders: string[] } }).appointmentDetails.reminders).toEqual([]);
    });
  });

  describe('CompleteTask (pending -> completed)', () => {
    it('records who and when from the metadata, with optional notes', () => {
      spec
        .given([scheduled()])
        .when(complete('  Given with food ', '2026-11-21T17:05:00.000Z'))
        .then([{ type: 'TaskCompleted', data: { taskId, childId, notes: 'Given with food', completedBy: parent, completedAt: '2026-11-21T17:05:00.000Z' } }]);
      spec
        .given([scheduled()])
        .when(complete(undefined, '2026-11-21T17:05:00.000Z'))
        .then([{ type: 'TaskCompleted', data: { taskId, childId, notes: null, completedBy: parent, completedAt: '2026-11-21T17:05:00.000Z' } }]);
    });

    it('an early dose is recorded like any other: early derives from completedAt and the scheduled time, which replay gives back', () => {
      // 6:30 AM for a 9:00 AM dose (Los Angeles): the event holds only the facts, no flag to keep in step.
      const early = { type: 'TaskCompleted' as const, data: { taskId, childId, notes: null, completedBy: parent, completedAt: '2026-11-21T14:30:00.000Z' } };
      spec.given([scheduled()]).when(complete(undefined, '2026-11-21T14:30:00.000Z')).then([early]);
      const scheduledTime = (scheduled().data as { scheduledTime: string }).scheduledTime;
      expect(completionTiming(scheduledTime, early.data.completedAt)).toBe('early');
      expect(completionTiming(scheduledTime, '2026-11-21T16:05:00.000Z')).toBe('on_time'); // 55 minutes before
    });

    it('completing a completed task is a conflict naming who and when (the double-dose guard)', () => {
      spec.given([scheduled(), completed(grandma, '2026-11-21T17:05:00.000Z')]).when(complete()).thenThrows('SCHEDULING.TASK_ALREADY_COMPLETED', 'Already given by another caregiver at 9:05 AM');
      let error: DomainError | undefined;
      try {
        decideTask(complete(), [scheduled(), completed(grandma, '2026-11-21T17:05:00.000Z')].reduce(taskDecider.evolve, taskDecider.initialState()));
      } catch (e) {
        error = e as DomainError;
      }
      expect(error?.kind).toBe('conflict');
      expect(error?.details).toEqual({ completedBy: grandma, completedByName: null, completedAt: '2026-11-21T17:05:00.000Z' });
    });

    it('an unknown task is not found; a removed task stays removed (404)', () => {
      spec.given([]).when(complete()).thenThrows('SCHEDULING.TASK_NOT_FOUND');
      spec.given([scheduled(), removedEvent]).when(complete()).thenThrows('SCHEDULING.TASK_ALREADY_REMOVED');
    });

    it('needs a signed-in caregiver', () => {
      spec.given([scheduled()]).when(complete(null, undefined, null)).thenThrows('SCHEDULING.ACTOR_REQUIRED');
    });
  });

  describe('UncompleteTask (completed -> pending)', () => {
    it('records the undo', () => {
      spec
        .given([scheduled(), completed()])
        .when(uncomplete)
        .then([{ type: 'TaskUncompleted', data: { taskId, childId, uncompletedBy: parent, uncompletedAt: '2026-11-21T17:10:00.000Z' } }]);
    });

    it('a pending task records nothing; after an undo it can be completed again', () => {
      spec.given([scheduled()]).when(uncomplete).then([]);
      const undone: TaskEvent = { type: 'TaskUncompleted', data: { taskId, childId, uncompletedBy: parent, uncompletedAt: '2026-11-21T17:10:00.000Z' } };
      spec
        .given([scheduled(), completed(), undone])
        .when(complete(null, '2026-11-21T17:20:00.000Z'))
        .then([{ type: 'TaskCompleted', data: { taskId, childId, notes: null, completedBy: parent, completedAt: '2026-11-21T17:20:00.000Z' } }]);
    });

    it('removed or unknown tasks are 404', () => {
      spec.given([scheduled(), removedEvent]).when(uncomplete).thenThrows('SCHEDULING.TASK_ALREADY_REMOVED');
      spec.given([]).when(uncomplete).thenThrows('SCHEDULING.TASK_NOT_FOUND');
    });
  });

  describe('RemoveTask (permanent, with a reason)', () => {
    it('records the trimmed reason', () => {
      spec.given([scheduled()]).when(remove('  Doctor stopped it ')).then([removedEvent]);
      spec.given([scheduled(), completed()]).when(remove('Doctor stopped it')).then([removedEvent]);
    });

    it.each([undefined, null, '', '   \n\t'])('refuses a blank reason %p with the spec message', (reason) => {
      spec.given([scheduled()]).when(remove(reason)).thenThrows('SCHEDULING.INVALID', REMOVE_TASK_REASON_REQUIRED);
    });

    it('every command on a removed task is a 404 (removal is permanent)', () => {
      for (const command of [remove('again'), update({ name: 'x' }), complete(), uncomplete]) {
        spec.given([scheduled(), removedEvent]).when(command).thenThrows('SCHEDULING.TASK_ALREADY_REMOVED', TASK_MESSAGES.removed);
      }
      spec.given([scheduled({ isUrgent: true }), removedEvent]).when(escalate(0, '2026-11-21T18:00:00.000Z')).then([]);
    });
  });

  describe('UpdateTask', () => {
    it('records only the changed fields', () => {
      spec
        .given([scheduled()])
        .when(update({ name: 'Oxybutynin 1 ml', description: 'With food', category: 'medication' }))
        .then([{ type: 'TaskUpdated', data: { name: 'Oxybutynin 1 ml', description: 'With food', taskId, childId, updatedBy: parent, updatedAt: '2026-11-21T16:45:00.000Z' } }]);
    });

    it('nothing changed: no event', () => {
      spec.given([scheduled()]).when(update({ name: 'Oxybutynin 0.5 ml', priority: 'medium' })).then([]);
    });

    it('a new time moves the instant, in the zone given (the care team zone now)', () => {
      spec
        .given([scheduled()])
        .when(update({ localTime: '10:30' }, 'America/New_York'))
        .then([{ type: 'TaskUpdated', data: { localTime: '10:30', timezone: 'America/New_York', scheduledTime: '2026-11-21T15:30:00.000Z', taskId, childId, updatedBy: parent, updatedAt: '2026-11-21T16:45:00.000Z' } }]);
    });

    it('priority high makes it urgent; lowering the priority keeps urgent', () => {
      spec
        .given([scheduled()])
        .when(update({ priority: 'high' }))
        .then([{ type: 'TaskUpdated', data: { priority: 'high', isUrgent: true, taskId, childId, updatedBy: parent, updatedAt: '2026-11-21T16:45:00.000Z' } }]);
      spec
        .given([scheduled({ priority: 'high', isUrgent: true })])
        .when(update({ priority: 'medium' }))
        .then([{ type: 'TaskUpdated', data: { priority: 'medium', taskId, childId, updatedBy: parent, updatedAt: '2026-11-21T16:45:00.000Z' } }]);
    });

    it('validates the result like a new task', () => {
      spec.given([scheduled()]).when(update({ name: ' ' })).thenThrows('SCHEDULING.INVALID', TASK_MESSAGES.nameRequired);
      spec.given([scheduled()]).when(update({ category: 'nope' })).thenThrows('SCHEDULING.INVALID', TASK_MESSAGES.unknownCategory);
      spec.given([scheduled()]).when(update({ scheduledDate: '2026-13-01' })).thenThrows('SCHEDULING.INVALID', TASK_MESSAGES.invalidDate);
      spec.given([]).when(update({ name: 'x' })).thenThrows('SCHEDULING.TASK_NOT_FOUND');
    });

    /** A doctor's checkup at 14:00 in the care team's zone, ending at `endTime`. */
    const checkupAtTwo = (endTime: string) =>
      scheduled({
        category: 'appointment',
        name: 'Checkup',
        localTime: '14:00',
        scheduledTime: '2026-11-21T22:00:00.000Z',
        appointmentDetails: { type: 'doctor', subtype: null, startTime: '14:00', endTime, location: null, isTelemedicine: false, videoLink: null, attendees: null, reminders: ['24h', '2h'], travelTime: 0, prepTime: 0 },
      });

    it('edit appointment (spec section 7): AppointmentUpdated with the changed fields; the start time moves the task', () => {
      const appt = checkupAtTwo('15:00');
      spec
        .given([appt])
        .when(update({ priority: 'high', isUrgent: true, scheduledDate: '2026-11-22', appointmentDetails: { startTime: '09:00', endTime: '09:30', location: 'Clinic' } }))
        .then([
          {
            type: 'AppointmentUpdated',
            data: {
              priority: 'high',
              isUrgent: true,
              appointmentDetails: { type: 'doctor', subtype: null, startTime: '09:00', endTime: '09:30', location: 'Clinic', isTelemedicine: false, videoLink: null, attendees: null, reminders: ['24h', '2h'], travelTime: 0, prepTime: 0 },
              scheduledDate: '2026-11-22',
              localTime: '09:00',
              scheduledTime: '2026-11-22T17:00:00.000Z',
              taskId,
              childId,
              updatedBy: parent,
              updatedAt: '2026-11-21T16:45:00.000Z',
            },
          },
        ]);
      spec.given([appt]).when(update({ appointmentDetails: { endTime: '13:00' } })).thenThrows('SCHEDULING.INVALID', APPOINTMENT_MESSAGES.endAfterStart);
    });

    it('an appointment given only a new time moves to it, keeping its length (the start time no longer wins silently)', () => {
      const appt = checkupAtTwo('15:30');
      const moved = (start: string, end: string, localTime: string, scheduledTime: string): TaskEvent => ({
        type: 'AppointmentUpdated',
        data: {
          appointmentDetails: { type: 'doctor', subtype: null, startTime: start, endTime: end, location: null, isTelemedicine: false, videoLink: null, attendees: null, reminders: ['24h', '2h'], travelTime: 0, prepTime: 0 },
          localTime,
          scheduledTime,
          taskId,
          childId,
          updatedBy: parent,
          updatedAt: '2026-11-21T16:45:00.000Z',
        },
      });
      spec.given([appt]).when(update({ localTime: '16:15' })).then([moved('16:15', '17:45', '16:15', '2026-11-22T00:15:00.000Z')]);
      spec.given([appt]).when(update({ localTime: '23:00' })).then([moved('23:00', '23:59', '23:00', '2026-11-22T07:00:00.000Z')]);
      // a start time sent with it is the appointment's own field, and wins
      spec.given([appt]).when(update({ localTime: '16:15', appointmentDetails: { startTime: '10:00', endTime: '11:00' } })).then([moved('10:00', '11:00', '10:00', '2026-11-21T18:00:00.000Z')]);
      spec.given([appt]).when(update({ localTime: '23:59' })).thenThrows('SCHEDULING.INVALID', APPOINTMENT_MESSAGES.endAfterStart);
    });

    it('turning a task into an appointment needs the appointment fields', () => {
      spec.given([scheduled()]).when(update({ category: 'appointment' })).thenThrows('SCHEDULING.INVALID', APPOINTMENT_MESSAGES.typeRequired);
    });
  });

  describe('RecordTaskReminder', () => {
    const sent = (sentAt: string, reminder: TaskReminder = medicationReminder, scheduledTime = at9): TaskEvent => ({
      type: 'TaskReminderSent',
      data: { taskId, childId, name: 'Oxybutynin 0.5 ml', scheduledTime, localTime: scheduledTime === at9 ? '09:00' : '10:00', reminder, deliveries, sentAt },
    });

    it('records a reminder once for the pending task at its time; each appointment offset once', () => {
      spec.given([scheduled()]).when(remind('2026-11-21T16:45:00.000Z')).then([sent('2026-11-21T16:45:00.000Z')]);
      spec.given([scheduled(), sent('2026-11-21T16:45:00.000Z')]).when(remind('2026-11-21T16:45:01.000Z')).then([]);
      const day: TaskReminder = { kind: 'appointment', offset: '24h' };
      spec.given([scheduled(), sent('2026-11-20T17:00:00.000Z', day)]).when(remind('2026-11-21T15:00:00.000Z', at9, { kind: 'appointment', offset: '2h' }))
        .then([sent('2026-11-21T15:00:00.000Z', { kind: 'appointment', offset: '2h' })]);
    });

    it('a moved task is reminded again for its new time; the old time records nothing', () => {
      const movedEvent: TaskEvent = { type: 'TaskUpdated', data: { taskId, childId, localTime: '10:00', scheduledTime: '2026-11-21T18:00:00.000Z', updatedBy: parent, updatedAt: 'x' } };
      spec.given([scheduled(), sent('2026-11-21T16:45:00.000Z'), movedEvent]).when(remind('2026-11-21T16:46:00.000Z')).then([]);
      spec.given([scheduled(), sent('2026-11-21T16:45:00.000Z'), movedEvent]).when(remind('2026-11-21T17:45:00.000Z', '2026-11-21T18:00:00.000Z'))
        .then([sent('2026-11-21T17:45:00.000Z', medicationReminder, '2026-11-21T18:00:00.000Z')]);
    });

    it('records nothing for a completed, removed or unknown task', () => {
      spec.given([scheduled(), completed()]).when(remind('2026-11-21T16:45:00.000Z')).then([]);
      spec.given([scheduled(), removedEvent]).when(remind('2026-11-21T16:45:00.000Z')).then([]);
      spec.given([]).when(remind('2026-11-21T16:45:00.000Z')).then([]);
    });
  });

  describe('ReachEscalationStep and AcknowledgeTaskAlert', () => {
    const urgent = scheduled({ isUrgent: true, priority: 'high' });
    const reached = (step: number, reachedAt: string): TaskEvent => ({
      type: 'TaskEscalationStepReached',
      data: { taskId, childId, name: 'Oxybutynin 0.5 ml', scheduledTime: at9, localTime: '09:00', step, notify: step === 0 ? 'primary' : 'secondary_caregivers', deliveries, reachedAt },
    });
    const acknowledged = (by: string, acknowledgedAt = '2026-11-21T17:03:00.000Z'): TaskEvent => ({
      type: 'TaskAlertAcknowledged',
      data: { taskId, childId, scheduledTime: at9, acknowledgedBy: by, acknowledgedAt },
    });

    it('reaches the steps in order, each once, from the task time on', () => {
      spec.given([urgent]).when(escalate(0, at9)).then([reached(0, at9)]);
      spec.given([urgent, reached(0, at9)]).when(escalate(1, '2026-11-21T17:15:00.000Z')).then([reached(1, '2026-11-21T17:15:00.000Z')]);
      spec.given([urgent, reached(0, at9), reached(1, '2026-11-21T17:15:00.000Z')]).when(escalate(1, '2026-11-21T17:15:01.000Z')).then([]);
      spec.given([urgent, reached(0, at9), reached(1, '2026-11-21T17:15:00.000Z')]).when(escalate(0, '2026-11-21T17:16:00.000Z')).then([]);
    });

    it('does not escalate before the time, a task that is not urgent, done, moved or removed', () => {
      spec.given([urgent]).when(escalate(0, '2026-11-21T16:59:59.999Z')).then([]);
      spec.given([scheduled()]).when(escalate(0, '2026-11-21T17:01:00.000Z')).then([]);
      spec.given([urgent, completed()]).when(escalate(0, '2026-11-21T17:06:00.000Z')).then([]);
      spec.given([urgent, removedEvent]).when(escalate(0, '2026-11-21T17:06:00.000Z')).then([]);
      spec.given([urgent]).when(escalate(0, '2026-11-21T17:06:00.000Z', '2026-11-21T16:00:00.000Z')).then([]);
    });

    it('an acknowledgement stops the chain; each caregiver acknowledges once', () => {
      spec.given([urgent, reached(0, at9)]).when(acknowledge(parent)).then([acknowledged(parent)]);
      spec.given([urgent, reached(0, at9), acknowledged(parent)]).when(escalate(1, '2026-11-21T17:15:00.000Z')).then([]);
      spec.given([urgent, reached(0, at9), acknowledged(parent)]).when(acknowledge(parent, '2026-11-21T17:04:00.000Z')).then([]);
      spec.given([urgent, reached(0, at9), acknowledged(parent)]).when(acknowledge(grandma, '2026-11-21T17:04:00.000Z')).then([acknowledged(grandma, '2026-11-21T17:04:00.000Z')]);
    });

    it('a task moved to a new time escalates afresh; acknowledging needs a caregiver and a live task', () => {
      const movedEvent: TaskEvent = { type: 'TaskUpdated', data: { taskId, childId, localTime: '10:00', scheduledTime: '2026-11-21T18:00:00.000Z', updatedBy: parent, updatedAt: 'x' } };
      spec.given([urgent, reached(0, at9), acknowledged(parent), movedEvent]).when(escalate(0, '2026-11-21T18:00:00.000Z', '2026-11-21T18:00:00.000Z'))
        .then([{ ...reached(0, '2026-11-21T18:00:00.000Z'), data: { ...reached(0, '2026-11-21T18:00:00.000Z').data, scheduledTime: '2026-11-21T18:00:00.000Z', localTime: '10:00' } } as TaskEvent]);
      spec.given([urgent]).when(acknowledge(null)).thenThrows('SCHEDULING.ACTOR_REQUIRED');
      spec.given([urgent, removedEvent]).when(acknowledge(parent)).thenThrows('SCHEDULING.TASK_ALREADY_REMOVED');
      spec.given([]).when(acknowledge(parent)).thenThrows('SCHEDULING.TASK_NOT_FOUND');
    });
  });

  it('replaying the same events twice gives the same state', () => {
    const events = [scheduled(), completed(), { type: 'TaskUncompleted', data: { taskId, childId, uncompletedBy: parent, uncompletedAt: 'x' } } as TaskEvent];
    const once = events.reduce(taskDecider.evolve, taskDecider.initialState());
    const twice = events.reduce(taskDecider.evolve, taskDecider.initialState());
    expect(twice).toEqual(once);
    expect(once.status).toBe('pending');
  });
});
