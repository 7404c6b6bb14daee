import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  addDays,
  DATE_MAX,
  DAY_NAMES,
  MEDICATION_DOSE_NOT_SET,
  TEMPLATE_DEFAULT_DAYS,
  TEMPLATE_MESSAGES,
  type BulkTasksInput,
  type MedicationInput,
  type TaskCategory,
  type TaskTemplateInput,
} from '@carecircle/libs';
import { invalidInput } from '../../../../platform/commands/domain-error';
import { normalizeDays, normalizeTemplateDate } from '../../domain/task-template.decide';
import { CareTeamClock } from '../../time/care-team-clock';
import { medicationOfSchedule } from '../schedule-medications';
import { TaskTemplateCreation, type CreatedTemplates, type TemplateItem } from '../task-template-creation';
import { commandOf } from '../../../../platform/commands/command';

export class BulkCreateTasks extends commandOf<{ childId: string; input: BulkTasksInput }, CreatedTemplates>() {}

type ReviewedTask = BulkTasksInput['tasks'][number];
type ListedMedication = NonNullable<BulkTasksInput['medications']>[number];

const invalid = invalidInput('SCHEDULING.INVALID_TEMPLATE');

/**
 * The schedule-text categories are task categories, except the spec's 'therapy', which is not in
 * the category list (DESIGN.md calls the same value a defect in the routine-task form): it is a
 * therapy session.
 */
const SCHEDULE_CATEGORY_ALIASES: Record<string, TaskCategory> = { therapy: 'therapy_session' };

const text = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The batch's schedule, each task's default. */
interface BatchSchedule {
  startDate: string;
  /** null: a year from each task's own start. */
  endDate: string | null;
  daysOfWeek: (string | number)[];
}

/** A year from `start` (TEMPLATE_DEFAULT_DAYS), stopping at the last date the product stores. */
const defaultEnd = (start: string) => {
  const end = addDays(start, TEMPLATE_DEFAULT_DAYS);
  return end < DATE_MAX ? end : DATE_MAX;
};

/**
 * One reviewed task as a repeating template, with the schedule-text flow's defaults (spec section 9):
 * medication tasks urgent unless the reviewer switched it off; priority high makes it urgent. The
 * dosage leads the description. The task's own regimen overrides the batch's: its first and last
 * day (a taper step, "for 10 days"), its days (Mon/Wed/Fri) and every N days from its first day.
 * Every N days (N > 1) is the daily pattern with that interval; a day list that is not all seven
 * days is custom.
 */
export function reviewedTaskTemplate(task: ReviewedTask, batch: BatchSchedule): TaskTemplateInput {
  const category = SCHEDULE_CATEGORY_ALIASES[task.category] ?? (task.category as TaskCategory);
  const isUrgent = task.isUrgent ?? category === 'medication';
  const dosage = text(task.dosage);
  const description = [dosage ? `Dosage: ${dosage}` : null, text(task.description)].filter(Boolean).join('\n') || null;
  const startDate = normalizeTemplateDate(task.startDate, 'startDate') ?? batch.startDate;
  const endDate = normalizeTemplateDate(task.endDate, 'endDate') ?? batch.endDate ?? defaultEnd(startDate);
  const daysOfWeek = task.daysOfWeek ?? batch.daysOfWeek;
  const repeatInterval = task.repeatInterval ?? 1;
  const everyDay = normalizeDays(daysOfWeek).length === DAY_NAMES.length;
  return {
    name: task.name,
    category,
    description,
    dosage,
    strength: text(task.strength),
    isUrgent,
    priority: task.priority ?? (isUrgent ? 'high' : 'medium'),
    isRepeating: true,
    isTemplate: false,
    repeatPattern: everyDay || repeatInterval > 1 ? 'daily' : 'custom',
    repeatInterval,
    repeatStartDate: startDate,
    repeatEndDate: endDate,
    daysOfWeek,
    scheduledTimes: [task.time],
  };
}

/** A listed (as-needed) medication as the recipient's medication is made with. */
function listedMedication(listed: ListedMedication): MedicationInput {
  const dosage = text(listed.dosage);
  return {
    ...medicationOfSchedule({ name: listed.name, category: 'medication', dosage, strength: listed.strength }),
    dosage: dosage ?? MEDICATION_DOSE_NOT_SET,
    instructions: text(listed.instructions),
  };
}

/**
 * The task review dialog's approve: each reviewed task becomes a repeating template (created
 * together, all or nothing), plus today's tasks; its medication and the listed ones are found or
 * added. The schedule defaults to starting today in the care team's zone, ending 365 days later, on
 * all seven days; a task's own dates, days and interval override those. A task still flagged for
 * review (needsReview) is refused: nothing is created until the caregiver confirms or edits it.
 */
@CommandHandler(BulkCreateTasks)
export class BulkCreateTasksHandler implements ICommandHandler<BulkCreateTasks, CreatedTemplates> {
  constructor(
    private readonly creation: TaskTemplateCreation,
    private readonly clock: CareTeamClock,
  ) {}

  async execute({ childId, input, metadata }: BulkCreateTasks): Promise<CreatedTemplates> {
    const flagged = input.tasks.findIndex((task) => task.needsReview === true);
    if (flagged >= 0) throw invalid(`tasks.${flagged}.needsReview`, TEMPLATE_MESSAGES.needsReview);
    const startDate = normalizeTemplateDate(input.startDate, 'startDate') ?? (await this.clock.today(childId, new Date(metadata.occurredAt)));
    const batch: BatchSchedule = {
      startDate,
      endDate: normalizeTemplateDate(input.endDate, 'endDate'),
      daysOfWeek: input.daysOfWeek ?? [...DAY_NAMES],
    };
    const items: TemplateItem[] = input.tasks.map((task) => {
      const template = reviewedTaskTemplate(task, batch);
      // Notes the parser kept beside a medication ("for drooling", "shake well") are its instructions.
      const medication = { ...medicationOfSchedule(template), instructions: text(task.description) };
      return { templateId: randomUUID(), input: template, medication };
    });
    return this.creation.create(childId, items, metadata, (input.medications ?? []).map(listedMedication));
  }
}
