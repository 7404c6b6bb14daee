import {
  alreadyGivenMessage,
  APPOINTMENT_MESSAGES,
  APPOINTMENT_REMINDERS,
  APPOINTMENT_TYPES,
  DEFAULT_APPOINTMENT_REMINDERS,
  formatClockTime,
  dateProblem,
  FAMILY_LIMITS,
  dateProblemMessage,
  instantToLocal,
  INT4_MAX,
  isIanaTimeZone,
  isInstantInRange,
  isLocalTime,
  LIMIT_MESSAGES,
  localDateTimeToInstant,
  PRIORITIES,
  REMOVE_TASK_REASON_REQUIRED,
  TASK_CATEGORIES,
  TASK_MESSAGES,
  VALIDATION_MESSAGES,
  type AppointmentDetails,
  type AppointmentInput,
  type AppointmentReminder,
  type AppointmentType,
  type EscalationAudience,
} from '@carecircle/libs';
import type { CommandMetadata, Decider, DomainCommand as Command } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import {
  escalationAt,
  evolveTask,
  initialTaskState,
  reminderKey,
  type AlertDelivery,
  type LiveTask,
  type TaskReminder,
  type ScheduledTask,
  type TaskDetails,
  type TaskEvent,
  type TaskSchedule,
  type TaskState,
} from './task';

/** Task details as a command carries them: appointment fields as a form sends them (checked here). */
export type TaskDetailsInput = Omit<TaskDetails, 'appointmentDetails'> & { appointmentDetails: AppointmentInput | null };

/**
 * When, in the care team's zone. The instant (scheduledTime) is derived here. For an appointment the
 * clock time is its start time. A full TaskSchedule may be passed: its scheduledTime is recomputed.
 */
export interface ScheduleInput {
  scheduledDate: string | null;
  localTime: string | null;
  timezone: string;
}

export type TaskCommand =
  /** Creates the task; on an existing stream nothing happens when identical (idempotent materialisation), else a conflict. */
  /**
   * `tasksThatDay`: the recipient's tasks already on the task's date (the handler counts them in the
   * recipient's turn); a schedule's own occurrences are made without it and never refused.
   */
  | Command<'ScheduleTask', { taskId: string; childId: string; templateId: string | null; details: TaskDetailsInput; schedule: ScheduleInput; tasksThatDay?: number }>
  | Command<'CompleteTask', { notes?: string | null }>
  | Command<'UncompleteTask', Record<string, never>>
  | Command<'RemoveTask', { reason?: string | null }>
  /**
   * Edits a task or an appointment: records only what changed, as AppointmentUpdated when the task is
   * (after the edit) an appointment, else TaskUpdated. A new date or time uses `timezone` when given
   * (the care team's zone now), else the task's own.
   */
  | Command<
      'UpdateTask',
      {
        changes: Partial<TaskDetailsInput> & { scheduledDate?: string; localTime?: string };
        timezone?: string;
        /** With a new scheduledDate: the recipient's tasks already on that date. */
        tasksOnNewDate?: number;
      }
    >
  /**
   * A reminder worker, for the task's time `scheduledTime`: recorded once, while the task is pending and
   * still at that time (a moved task's old reminder records nothing). The worker sends only what was recorded.
   */
  | Command<'RecordTaskReminder', { reminder: TaskReminder; scheduledTime: string; deliveries: AlertDelivery[] }>
  /**
   * The escalation worker: step `step` of the chain for the time `scheduledTime`, recorded once and in
   * order, while the urgent task is pending, past that time, at that time and not acknowledged.
   */
  | Command<'ReachEscalationStep', { step: number; notify: EscalationAudience; scheduledTime: string; deliveries: AlertDelivery[] }>
  /** A caregiver acknowledges the task's alert: its escalation stops (once per caregiver and time). */
  | Command<'AcknowledgeTaskAlert', Record<string, never>>;

const invalid = invalidInput('SCHEDULING.INVALID');
const notFound = () => new DomainError('SCHEDULING.TASK_NOT_FOUND', 'not_found', TASK_MESSAGES.notFound);
/** Removal is permanent: every later command on the task is a 404 (it no longer exists for anyone). */
const removed = () => new DomainError('SCHEDULING.TASK_ALREADY_REMOVED', 'not_found', TASK_MESSAGES.removed);

/** The caregiver's name is not known here: the HTTP layer replaces it (see task-completion errors). */
export const SOMEONE = 'another caregiver';

const trimmedOrNull = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function minutes(field: string, value: number | string | null | undefined): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return 0; // spec: non-numeric becomes 0
  if (n < 0) throw invalid(field, TASK_MESSAGES.minutesMin);
  if (n > INT4_MAX) throw invalid(field, TASK_MESSAGES.minutesMax);
  return Math.round(n);
}

/** A real yyyy-mm-dd within the date range (DESIGN.md: nothing reaches the store a projection cannot hold). */
function checkScheduledDate(date: string | null): asserts date is string {
  const problem = dateProblem(date);
  if (problem) throw invalid('scheduledDate', dateProblemMessage(problem, TASK_MESSAGES.invalidDate));
}

/** The appointment rules of spec section 5, in the order the form checks them. */
export function readAppointment(input: AppointmentInput | null, scheduledDate: string | null): AppointmentDetails {
  const a = input ?? {};
  const type = trimmedOrNull(a.type);
  if (!type) throw invalid('appointmentDetails.type', APPOINTMENT_MESSAGES.typeRequired);
  if (!(APPOINTMENT_TYPES as readonly string[]).includes(type)) throw invalid('appointmentDetails.type', TASK_MESSAGES.unknownAppointmentType);
  if (!scheduledDate) throw invalid('scheduledDate', APPOINTMENT_MESSAGES.dateRequired);
  checkScheduledDate(scheduledDate);
  const startTime = trimmedOrNull(a.startTime);
  const endTime = trimmedOrNull(a.endTime);
  if (!startTime || !endTime) throw invalid('appointmentDetails.startTime', APPOINTMENT_MESSAGES.timesRequired);
  if (!isLocalTime(startTime)) throw invalid('appointmentDetails.startTime', TASK_MESSAGES.invalidTime);
  if (!isLocalTime(endTime)) throw invalid('appointmentDetails.endTime', TASK_MESSAGES.invalidTime);
  if (endTime <= startTime) throw invalid('appointmentDetails.endTime', APPOINTMENT_MESSAGES.endAfterStart);
  const reminders = a.reminders ?? DEFAULT_APPOINTMENT_REMINDERS;
  for (const reminder of reminders) {
    if (!(APPOINTMENT_REMINDERS as readonly string[]).includes(reminder)) throw invalid('appointmentDetails.reminders', TASK_MESSAGES.unknownReminder);
  }
  const attendees = Array.isArray(a.attendees) ? a.attendees.map((x) => x.trim()).filter(Boolean).join(', ') : a.attendees;
  return {
    type: type as AppointmentType,
    subtype: trimmedOrNull(a.subtype),
    startTime,
    endTime,
    location: trimmedOrNull(a.location),
    isTelemedicine: a.isTelemedicine === true,
    videoLink: trimmedOrNull(a.videoLink),
    attendees: trimmedOrNull(attendees),
    reminders: [...new Set(reminders)] as AppointmentReminder[],
    travelTime: minutes('appointmentDetails.travelTime', a.travelTime),
    prepTime: minutes('appointmentDetails.prepTime', a.prepTime),
  };
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * An appointment moved to `startTime` keeps its length, its end at most 23:59; a start that is not
 * HH:MM, or one at 23:59, is left for readAppointment to refuse.
 */
function movedAppointment(appointment: AppointmentInput, startTime: string): AppointmentInput {
  const { startTime: from, endTime: to } = appointment;
  if (!isLocalTime(startTime) || typeof from !== 'string' || typeof to !== 'string' || !isLocalTime(from) || !isLocalTime(to)) return { startTime };
  const end = Math.min(toMinutes(startTime) + toMinutes(to) - toMinutes(from), 23 * 60 + 59);
  return { startTime, endTime: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}` };
}

/** Checks and normalises details and schedule together (an appointment's time is its start). */
function readTask(details: TaskDetailsInput, schedule: ScheduleInput): { details: TaskDetails; schedule: TaskSchedule } {
  const name = trimmedOrNull(details.name);
  if (!name) throw invalid('name', TASK_MESSAGES.nameRequired);
  if (!details.category) throw invalid('category', TASK_MESSAGES.categoryRequired);
  if (!(TASK_CATEGORIES as readonly string[]).includes(details.category)) throw invalid('category', TASK_MESSAGES.unknownCategory);
  if (!(PRIORITIES as readonly string[]).includes(details.priority)) throw invalid('priority', TASK_MESSAGES.unknownPriority);
  if (!isIanaTimeZone(schedule.timezone)) throw invalid('timezone', TASK_MESSAGES.unknownTimezone);
  const appointmentDetails = details.category === 'appointment' ? readAppointment(details.appointmentDetails, schedule.scheduledDate) : null;
  const localTime = appointmentDetails ? appointmentDetails.startTime : schedule.localTime;
  checkScheduledDate(schedule.scheduledDate);
  if (!localTime) throw invalid('scheduledTimes', TASK_MESSAGES.timesRequired);
  if (!isLocalTime(localTime)) throw invalid('scheduledTime', TASK_MESSAGES.invalidTime);
  const scheduledTime = localDateTimeToInstant(schedule.scheduledDate, localTime, schedule.timezone);
  // A date of the range makes an instant of the range in any zone; checked all the same, as it is stored.
  if (!isInstantInRange(scheduledTime)) throw invalid('scheduledDate', VALIDATION_MESSAGES.dateRange);
  const medicationId = trimmedOrNull(details.medicationId);
  return {
    details: {
      name,
      description: trimmedOrNull(details.description),
      category: details.category,
      priority: details.priority,
      // spec: high priority makes a task urgent; the reverse is not applied.
      isUrgent: details.isUrgent === true || details.priority === 'high',
      medicationId: medicationId === 'none' ? null : medicationId,
      imageUrl: trimmedOrNull(details.imageUrl),
      timeSlot: trimmedOrNull(details.timeSlot),
      taskGroupId: trimmedOrNull(details.taskGroupId),
      timeSpecificNotes: trimmedOrNull(details.timeSpecificNotes),
      appointmentDetails,
    },
    schedule: {
      scheduledDate: schedule.scheduledDate,
      localTime,
      timezone: schedule.timezone,
      scheduledTime,
    },
  };
}

/** Structural equality that ignores key order (jsonb reorders keys). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function changedFields<T extends object>(current: T, next: T): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => !same(current[key as keyof T], value))) as Partial<T>;
}

function live(state: TaskState): LiveTask {
  if (state.status === 'none') throw notFound();
  if (state.status === 'removed') throw removed();
  return state;
}

const alertSubject = (task: LiveTask) => ({
  taskId: task.taskId,
  childId: task.childId,
  name: task.details.name,
  scheduledTime: task.schedule.scheduledTime,
  localTime: task.schedule.localTime,
});

function actor(metadata: CommandMetadata): string {
  if (metadata.actorId === null) throw new DomainError('SCHEDULING.ACTOR_REQUIRED', 'forbidden', 'A signed-in caregiver is required');
  return metadata.actorId;
}

/** One more task on a day that has `tasksThatDay` (not counted: no limit applies) stays within FAMILY_LIMITS.tasksPerRecipientPerDay. */
function checkDayRoom(tasksThatDay: number | undefined): void {
  if (tasksThatDay !== undefined && tasksThatDay >= FAMILY_LIMITS.tasksPerRecipientPerDay) {
    throw new DomainError('SCHEDULING.DAY_LIMIT', 'invalid', LIMIT_MESSAGES.tasksPerRecipientPerDay);
  }
}

export function decideTask(command: TaskCommand, state: TaskState): TaskEvent[] {
  const { occurredAt: at } = command.metadata;
  switch (command.type) {
    case 'ScheduleTask': {
      const { taskId, childId, templateId } = command.data;
      const { details, schedule } = readTask(command.data.details, command.data.schedule);
      const scheduled: ScheduledTask = { ...details, ...schedule, taskId, childId, templateId };
      if (state.status !== 'none') {
        if (same(state.scheduled, scheduled)) return [];
        throw new DomainError('SCHEDULING.TASK_ALREADY_EXISTS', 'conflict', TASK_MESSAGES.alreadyExists);
      }
      checkDayRoom(command.data.tasksThatDay);
      return [{ type: 'TaskScheduled', data: { ...scheduled, scheduledBy: command.metadata.actorId, scheduledAt: at } }];
    }
    case 'CompleteTask': {
      const task = live(state);
      const completedBy = actor(command.metadata);
      if (task.status === 'completed') {
        const time = formatClockTime(instantToLocal(task.completedAt!, task.schedule.timezone).time);
        throw new DomainError('SCHEDULING.TASK_ALREADY_COMPLETED', 'conflict', alreadyGivenMessage(SOMEONE, time), undefined, {
          completedBy: task.completedBy,
          completedByName: null,
          completedAt: task.completedAt,
        });
      }
      return [{ type: 'TaskCompleted', data: { taskId: task.taskId, childId: task.childId, notes: trimmedOrNull(command.data.notes), completedBy, completedAt: at } }];
    }
    case 'UncompleteTask': {
      const task = live(state);
      const uncompletedBy = actor(command.metadata);
      if (task.status === 'pending') return []; // already pending: nothing to undo
      return [{ type: 'TaskUncompleted', data: { taskId: task.taskId, childId: task.childId, uncompletedBy, uncompletedAt: at } }];
    }
    case 'RemoveTask': {
      const task = live(state);
      const reason = trimmedOrNull(command.data.reason);
      if (!reason) throw invalid('reason', REMOVE_TASK_REASON_REQUIRED);
      return [{ type: 'TaskRemoved', data: { taskId: task.taskId, childId: task.childId, reason, removedBy: actor(command.metadata), removedAt: at } }];
    }
    case 'UpdateTask': {
      const task = live(state);
      const { changes, timezone } = command.data;
      const { scheduledDate, localTime, ...detailChanges } = changes;
      const merged: TaskDetailsInput = { ...task.details, ...(detailChanges as Partial<TaskDetailsInput>) };
      if (detailChanges.appointmentDetails && task.details.appointmentDetails) {
        // appointment fields not sent are kept
        merged.appointmentDetails = { ...task.details.appointmentDetails, ...detailChanges.appointmentDetails };
      }
      if (localTime !== undefined && merged.appointmentDetails && detailChanges.appointmentDetails?.startTime === undefined) {
        // only a new time for an appointment: it moves, keeping its length (the start time used to win silently)
        merged.appointmentDetails = { ...merged.appointmentDetails, ...movedAppointment(merged.appointmentDetails, localTime) };
      }
      const moved = scheduledDate !== undefined || localTime !== undefined || merged.appointmentDetails?.startTime !== task.details.appointmentDetails?.startTime;
      const next = readTask(merged, {
        scheduledDate: scheduledDate ?? task.schedule.scheduledDate,
        localTime: localTime ?? task.schedule.localTime,
        timezone: moved ? (timezone ?? task.schedule.timezone) : task.schedule.timezone,
      });
      const changed = { ...changedFields(task.details, next.details), ...changedFields(task.schedule, next.schedule) };
      if (Object.keys(changed).length === 0) return [];
      if (next.schedule.scheduledDate !== task.schedule.scheduledDate) checkDayRoom(command.data.tasksOnNewDate);
      const data = { ...changed, taskId: task.taskId, childId: task.childId, updatedBy: actor(command.metadata), updatedAt: at };
      return [next.details.category === 'appointment' ? { type: 'AppointmentUpdated', data } : { type: 'TaskUpdated', data }];
    }
    case 'RecordTaskReminder': {
      const { reminder, scheduledTime, deliveries } = command.data;
      if (state.status !== 'pending' || state.schedule.scheduledTime !== scheduledTime) return [];
      if (state.remindersSent.includes(reminderKey(reminder, scheduledTime))) return [];
      return [{ type: 'TaskReminderSent', data: { ...alertSubject(state), reminder, deliveries, sentAt: at } }];
    }
    case 'ReachEscalationStep': {
      const { step, notify, scheduledTime, deliveries } = command.data;
      if (state.status !== 'pending' || !state.details.isUrgent || state.schedule.scheduledTime !== scheduledTime) return [];
      if (Date.parse(scheduledTime) > Date.parse(at)) return [];
      const escalation = escalationAt(state, scheduledTime);
      if (escalation.acknowledgedBy.length > 0 || step <= escalation.step) return [];
      return [{ type: 'TaskEscalationStepReached', data: { ...alertSubject(state), step, notify, deliveries, reachedAt: at } }];
    }
    case 'AcknowledgeTaskAlert': {
      const task = live(state);
      const acknowledgedBy = actor(command.metadata);
      const { scheduledTime } = task.schedule;
      if (escalationAt(task, scheduledTime).acknowledgedBy.includes(acknowledgedBy)) return [];
      return [{ type: 'TaskAlertAcknowledged', data: { taskId: task.taskId, childId: task.childId, scheduledTime, acknowledgedBy, acknowledgedAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const taskDecider: Decider<TaskCommand, TaskEvent, TaskState> = {
  decide: decideTask,
  evolve: evolveTask,
  initialState: initialTaskState,
};
