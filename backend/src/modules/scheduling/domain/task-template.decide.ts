import {
  dateProblem,
  dateProblemMessage,
  DAY_NAMES,
  FAMILY_LIMITS,
  INT4_MAX,
  LIMIT_MESSAGES,
  PRIORITIES,
  REPEATING_MESSAGES,
  REPEAT_INTERVAL_MAX,
  REPEAT_INTERVAL_MIN,
  REPEAT_PATTERNS,
  TASK_CATEGORIES,
  TEMPLATE_MESSAGES,
  type DayName,
  type Priority,
  type RepeatingTaskChangeInput,
  type TaskCategory,
  type TaskTemplateInput,
} from '@carecircle/libs';
import type { CommandMetadata, Decider, DomainCommand as Command } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import {
  evolveTaskTemplate,
  initialTaskTemplateState,
  type TaskTemplateEvent,
  type TaskTemplateState,
  type TemplateDetails,
} from './task-template';

export type TaskTemplateCommand =
  | Command<
      'CreateTaskTemplate',
      {
        templateId: string;
        childId: string;
        input: TaskTemplateInput;
        /** The care team's date when the command was given (yyyy-mm-dd): the default start date. */
        today: string;
        /** The recipient's medications: a template may only reference one of these. */
        medicationIds: string[];
        /**
         * The recipient's active schedules (repeating tasks and saved templates, stopped ones not
         * counted) before this one, as the handler read them while holding the recipient's turn.
         */
        activeSchedules: number;
      }
    >
  /** Stops a repeating schedule for good (DELETE /api/repeating-tasks/{id}): a reason is required. */
  | Command<'DeactivateTaskTemplate', { reason: string }>
  /**
   * Changes a repeating schedule from a date: fields not sent keep their current value; days before
   * effectiveFrom keep the version they had. `today` is the care team's date when it was given.
   */
  | Command<'ChangeTaskTemplateSchedule', { change: RepeatingTaskChangeInput; today: string; medicationIds: string[] }>
  | Command<'PauseTaskTemplate', Record<string, never>>
  | Command<'ResumeTaskTemplate', Record<string, never>>;

const invalid = invalidInput('SCHEDULING.INVALID_TEMPLATE');
const notFound = () => new DomainError('SCHEDULING.TEMPLATE_NOT_FOUND', 'not_found', REPEATING_MESSAGES.notFound);

/**
 * A recipient with `activeSchedules` active schedules may get `adding` more (a bulk approve adds
 * several at once): at most FAMILY_LIMITS.schedulesPerRecipient, a 400 naming it otherwise.
 */
export function checkScheduleRoom(activeSchedules: number, adding: number): void {
  if (adding > 0 && activeSchedules + adding > FAMILY_LIMITS.schedulesPerRecipient) {
    throw new DomainError('SCHEDULING.SCHEDULE_LIMIT', 'invalid', LIMIT_MESSAGES.schedulesPerRecipient);
  }
}
const stopped = () => new DomainError('SCHEDULING.TEMPLATE_STOPPED', 'conflict', REPEATING_MESSAGES.stopped);

type Existing = Extract<TaskTemplateState, { status: 'active' | 'inactive' }>;

/** A repeating schedule that may still change: 404 when there is none, 409 once stopped. */
function changeable(state: TaskTemplateState): Existing {
  if (state.status === 'none' || !state.details.isRepeating) throw notFound();
  if (state.status === 'inactive') throw stopped();
  return state;
}

function actor(metadata: CommandMetadata): string {
  if (metadata.actorId === null) throw new DomainError('SCHEDULING.ACTOR_REQUIRED', 'forbidden', 'A signed-in caregiver is required');
  return metadata.actorId;
}

/** Equal whatever the key order (stored events come back from jsonb with their keys reordered). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/**
 * The new version of a schedule: the change over the current details (a single scheduledTime
 * replaces the times; a medication no longer on the recipient's list may stay when not sent),
 * read by the same rules as on creation; effectiveFrom a real date, today or later, not after the end.
 */
export function readScheduleChange(state: Existing, change: RepeatingTaskChangeInput, today: string, medicationIds: readonly string[]) {
  const effectiveFrom = normalizeTemplateDate(change.effectiveFrom, 'effectiveFrom');
  if (effectiveFrom === null) throw invalid('effectiveFrom', REPEATING_MESSAGES.effectiveFromRequired);
  if (effectiveFrom < today) throw invalid('effectiveFrom', REPEATING_MESSAGES.effectiveFromPast);
  const { effectiveFrom: _from, ...sent } = change;
  const defined = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as Partial<TaskTemplateInput>;
  if (defined.scheduledTime !== undefined && defined.scheduledTimes === undefined) defined.scheduledTimes = [defined.scheduledTime];
  const current = state.details;
  const keptMedication = defined.medicationId === undefined && current.medicationId !== null ? [current.medicationId] : [];
  const details = readTemplateInput({ ...current, ...defined, isRepeating: true, isTemplate: current.isTemplate }, today, [...medicationIds, ...keptMedication]);
  if (details.repeatEndDate !== null && details.repeatEndDate < effectiveFrom) throw invalid('repeatEndDate', REPEATING_MESSAGES.endBeforeEffectiveFrom);
  return { effectiveFrom, details };
}

const DATE = /^(\d{4,}-\d{2}-\d{2})(?:$|T)/;
const TIME = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;
const ABSENT_TEXT = new Set(['', 'undefined', 'null']);

/**
 * yyyy-mm-dd from a date or an ISO date-time (its date part), a real date within the date range;
 * empty, 'undefined' and 'null' are absent.
 */
export function normalizeTemplateDate(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || ABSENT_TEXT.has(value.trim())) return null;
  const match = DATE.exec(value.trim());
  const problem = dateProblem(match?.[1]);
  if (problem) throw invalid(field, dateProblemMessage(problem, TEMPLATE_MESSAGES.invalidDate));
  return match![1];
}

/** HH:MM (H:MM and HH:MM:SS accepted), sorted, each once. */
export function normalizeTimes(times: readonly string[]): string[] {
  const normalized = times.map((time) => {
    const match = typeof time === 'string' ? TIME.exec(time.trim()) : null;
    const hours = match ? Number(match[1]) : NaN;
    const minutes = match ? Number(match[2]) : NaN;
    if (!(hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59)) throw invalid('scheduledTimes', TEMPLATE_MESSAGES.invalidTime);
    return `${String(hours).padStart(2, '0')}:${match![2]}`;
  });
  return [...new Set(normalized)].sort();
}

/** Lowercase day names or numbers 0 (Sunday) to 6, to day names in week order, each once. */
export function normalizeDays(days: readonly (string | number)[]): DayName[] {
  const indexes = days.map((day) => {
    const name = typeof day === 'string' ? day.trim().toLowerCase() : null;
    const index = typeof day === 'number' ? day : name === null ? -1 : /^\d$/.test(name) ? Number(name) : DAY_NAMES.indexOf(name as DayName);
    if (!Number.isInteger(index) || index < 0 || index > 6) throw invalid('daysOfWeek', TEMPLATE_MESSAGES.unknownDay);
    return index;
  });
  return [...new Set(indexes)].sort().map((index) => DAY_NAMES[index]);
}

const text = (value: string | null | undefined): string | null => (value === null || value === undefined || value.trim() === '' ? null : value.trim());

/**
 * The spec's rules for a task template or repeating task, turned into the stored details:
 * - name, category (one of the list), at least one time ('Please select at least one time for the task.');
 * - saved as a template (isTemplate) it needs a template name ('Please provide a name for the template.');
 * - repeat interval 1 to 30 (default 1); pattern daily (default), weekly or custom;
 * - days of week: names or 0-6; absent means every day for the daily pattern, weekly and custom
 *   need at least one; a repeating task sent with an empty list is refused;
 * - start date defaults to today (the care team's date), no end date means ongoing, the end is not
 *   before the start;
 * - priority high makes it urgent; medicationId 'none' means none, else one of the recipient's.
 */
export function readTemplateInput(input: TaskTemplateInput, today: string, medicationIds: readonly string[]): TemplateDetails {
  const name = text(input.name);
  if (!name) throw invalid('name', TEMPLATE_MESSAGES.nameRequired);
  if (input.category === undefined || input.category === null || (input.category as string) === '') {
    throw invalid('category', TEMPLATE_MESSAGES.categoryRequired);
  }
  if (!TASK_CATEGORIES.includes(input.category)) throw invalid('category', TEMPLATE_MESSAGES.unknownCategory);

  const isTemplate = input.isTemplate ?? false;
  const templateName = text(input.templateName);
  if (isTemplate && !templateName) throw invalid('templateName', TEMPLATE_MESSAGES.templateNameRequired);

  const rawTimes = input.scheduledTimes ?? (input.scheduledTime !== undefined ? [input.scheduledTime] : []);
  const scheduledTimes = normalizeTimes(rawTimes.filter((time) => !(typeof time === 'string' && time.trim() === '')));
  if (scheduledTimes.length === 0) throw invalid('scheduledTimes', TEMPLATE_MESSAGES.timesRequired);
  if (scheduledTimes.length > FAMILY_LIMITS.timesPerSchedule) throw invalid('scheduledTimes', LIMIT_MESSAGES.timesPerSchedule);

  const repeatPattern = input.repeatPattern ?? 'daily';
  if (!REPEAT_PATTERNS.includes(repeatPattern)) throw invalid('repeatPattern', TEMPLATE_MESSAGES.unknownPattern);
  const repeatInterval = input.repeatInterval ?? REPEAT_INTERVAL_MIN;
  if (!Number.isInteger(repeatInterval) || repeatInterval < REPEAT_INTERVAL_MIN || repeatInterval > REPEAT_INTERVAL_MAX) {
    throw invalid('repeatInterval', TEMPLATE_MESSAGES.intervalRange);
  }

  const isRepeating = input.isRepeating ?? false;
  let daysOfWeek: DayName[];
  if (input.daysOfWeek === undefined || input.daysOfWeek === null) {
    if (repeatPattern !== 'daily') throw invalid('daysOfWeek', TEMPLATE_MESSAGES.daysRequired);
    daysOfWeek = [...DAY_NAMES];
  } else {
    daysOfWeek = normalizeDays(input.daysOfWeek);
    if (daysOfWeek.length === 0 && (isRepeating || repeatPattern !== 'daily')) throw invalid('daysOfWeek', TEMPLATE_MESSAGES.daysRequired);
    if (daysOfWeek.length === 0) daysOfWeek = [...DAY_NAMES];
  }

  const repeatStartDate = normalizeTemplateDate(input.repeatStartDate, 'repeatStartDate') ?? today;
  const repeatEndDate = normalizeTemplateDate(input.repeatEndDate, 'repeatEndDate');
  if (repeatEndDate !== null && repeatEndDate < repeatStartDate) throw invalid('repeatEndDate', TEMPLATE_MESSAGES.endBeforeStart);

  const priority: Priority = input.priority ?? 'medium';
  if (!PRIORITIES.includes(priority)) throw invalid('priority', TEMPLATE_MESSAGES.unknownPriority);

  const rawMedication = text(input.medicationId);
  const medicationId = rawMedication === null || rawMedication.toLowerCase() === 'none' ? null : rawMedication;
  if (medicationId !== null && !medicationIds.includes(medicationId)) throw invalid('medicationId', TEMPLATE_MESSAGES.medicationNotFound);

  const estimatedDuration = input.estimatedDuration ?? null;
  if (estimatedDuration !== null && (!Number.isInteger(estimatedDuration) || estimatedDuration < 1)) {
    throw invalid('estimatedDuration', TEMPLATE_MESSAGES.estimatedDuration);
  }
  if (estimatedDuration !== null && estimatedDuration > INT4_MAX) throw invalid('estimatedDuration', TEMPLATE_MESSAGES.estimatedDurationMax);

  const timeNotes: Record<string, string> = {};
  for (const [time, note] of Object.entries(input.timeNotes ?? {})) {
    const [normalized] = normalizeTimes([time]);
    if (typeof note === 'string' && note.trim() !== '') timeNotes[normalized] = note.trim();
  }

  return {
    name,
    templateName,
    category: input.category as TaskCategory,
    description: text(input.description),
    medicationId,
    isUrgent: (input.isUrgent ?? false) || priority === 'high',
    priority,
    estimatedDuration,
    imageUrl: text(input.imageUrl),
    isRepeating,
    isTemplate,
    repeatPattern,
    repeatInterval,
    repeatStartDate,
    repeatEndDate,
    daysOfWeek,
    scheduledTimes,
    timeNotes,
  };
}

export function decideTaskTemplate(command: TaskTemplateCommand, state: TaskTemplateState): TaskTemplateEvent[] {
  const { actorId, occurredAt: at } = command.metadata;
  switch (command.type) {
    case 'CreateTaskTemplate': {
      if (state.status !== 'none') {
        throw new DomainError('SCHEDULING.TEMPLATE_ALREADY_EXISTS', 'conflict', 'This task template already exists');
      }
      const { templateId, childId, input, today, medicationIds, activeSchedules } = command.data;
      const details = readTemplateInput(input, today, medicationIds);
      checkScheduleRoom(activeSchedules, input.isActive === false ? 0 : 1);
      const created: TaskTemplateEvent = {
        type: 'TaskTemplateCreated',
        data: { ...details, templateId, childId, createdBy: actorId ?? 'system', createdAt: at },
      };
      if (input.isActive !== false) return [created];
      return [created, { type: 'TaskTemplateDeactivated', data: { templateId, childId, deactivatedBy: actorId, deactivatedAt: at } }];
    }
    case 'DeactivateTaskTemplate': {
      if (state.status === 'none') throw notFound();
      if (state.status === 'inactive') return [];
      const reason = text(command.data.reason);
      if (!reason) throw invalid('reason', REPEATING_MESSAGES.reasonRequired);
      const { templateId, childId } = state;
      return [{ type: 'TaskTemplateDeactivated', data: { templateId, childId, deactivatedBy: actor(command.metadata), deactivatedAt: at, reason } }];
    }
    case 'ChangeTaskTemplateSchedule': {
      const template = changeable(state);
      const { effectiveFrom, details } = readScheduleChange(template, command.data.change, command.data.today, command.data.medicationIds);
      const unchanged = canonical(details) === canonical(template.details) && (template.effectiveFrom === null || template.effectiveFrom <= effectiveFrom);
      if (unchanged) return [];
      const { templateId, childId } = template;
      return [{ type: 'TaskTemplateScheduleChanged', data: { templateId, childId, effectiveFrom, details, changedBy: actor(command.metadata), changedAt: at } }];
    }
    case 'PauseTaskTemplate': {
      const template = changeable(state);
      if (template.paused) return [];
      return [{ type: 'TaskTemplatePaused', data: { templateId: template.templateId, childId: template.childId, pausedBy: actor(command.metadata), pausedAt: at } }];
    }
    case 'ResumeTaskTemplate': {
      const template = changeable(state);
      if (!template.paused) return [];
      return [{ type: 'TaskTemplateResumed', data: { templateId: template.templateId, childId: template.childId, resumedBy: actor(command.metadata), resumedAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const taskTemplateDecider: Decider<TaskTemplateCommand, TaskTemplateEvent, TaskTemplateState> = {
  decide: decideTaskTemplate,
  evolve: evolveTaskTemplate,
  initialState: initialTaskTemplateState,
};
