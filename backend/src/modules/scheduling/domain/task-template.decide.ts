import {
  dateProblem,
  dateProblemMessage,
  DAY_NAMES,
  INT4_MAX,
  PRIORITIES,
  REPEAT_INTERVAL_MAX,
  REPEAT_INTERVAL_MIN,
  REPEAT_PATTERNS,
  TASK_CATEGORIES,
  TEMPLATE_MESSAGES,
  type DayName,
  type Priority,
  type TaskCategory,
  type TaskTemplateInput,
} from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import {
  evolveTaskTemplate,
  initialTaskTemplateState,
  type TaskTemplateEvent,
  type TaskTemplateState,
  type TemplateDetails,
} from './task-template';

type Command<Type extends string, Data> = { type: Type; data: Data; metadata: CommandMetadata };
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
      }
    >
  | Command<'DeactivateTaskTemplate', Record<string, never>>;

const invalid = invalidInput('SCHEDULING.INVALID_TEMPLATE');
const notFound = () => new DomainError('SCHEDULING.TEMPLATE_NOT_FOUND', 'not_found', 'Task template not found');

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
      const { templateId, childId, input, today, medicationIds } = command.data;
      const details = readTemplateInput(input, today, medicationIds);
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
      return [{ type: 'TaskTemplateDeactivated', data: { templateId: state.templateId, childId: state.childId, deactivatedBy: actorId, deactivatedAt: at } }];
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
