import { randomUUID } from 'node:crypto';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addDays, DATE_MAX, DAY_NAMES, TEMPLATE_DEFAULT_DAYS, type BulkTasksInput, type TaskCategory, type TaskTemplateInput } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { normalizeDays, normalizeTemplateDate } from '../../domain/task-template.decide';
import { CareTeamClock } from '../../time/care-team-clock';
import { CreateTaskTemplates, type CreatedTemplates } from '../create-task-template/create-task-template.handler';

export class BulkCreateTasks extends Command<CreatedTemplates> {
  constructor(
    readonly childId: string,
    readonly input: BulkTasksInput,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

type ReviewedTask = BulkTasksInput['tasks'][number];

/**
 * The schedule-text categories are task categories, except the spec's 'therapy', which is not in
 * the category list (DESIGN.md calls the same value a defect in the routine-task form): it is a
 * therapy session.
 */
const SCHEDULE_CATEGORY_ALIASES: Record<string, TaskCategory> = { therapy: 'therapy_session' };

/**
 * One reviewed task as a repeating template, with the schedule-text flow's defaults (spec section 9):
 * medication tasks urgent unless the reviewer switched it off; priority high makes it urgent. The
 * dosage leads the description.
 */
function reviewedTaskTemplate(
  task: ReviewedTask,
  schedule: { startDate: string; endDate: string; daysOfWeek: (string | number)[] },
): TaskTemplateInput {
  const category = SCHEDULE_CATEGORY_ALIASES[task.category] ?? (task.category as TaskCategory);
  const isUrgent = task.isUrgent ?? category === 'medication';
  const dosage = task.dosage?.trim() ? `Dosage: ${task.dosage.trim()}` : null;
  const description = [dosage, task.description?.trim() || null].filter(Boolean).join('\n') || null;
  const everyDay = normalizeDays(schedule.daysOfWeek).length === DAY_NAMES.length;
  return {
    name: task.name,
    category,
    description,
    isUrgent,
    priority: task.priority ?? (isUrgent ? 'high' : 'medium'),
    isRepeating: true,
    isTemplate: false,
    repeatPattern: everyDay ? 'daily' : 'custom',
    repeatInterval: 1,
    repeatStartDate: schedule.startDate,
    repeatEndDate: normalizeTemplateDate(task.endDate, 'endDate') ?? schedule.endDate,
    daysOfWeek: schedule.daysOfWeek,
    scheduledTimes: [task.time],
  };
}

/**
 * The task review dialog's approve: each reviewed task becomes a repeating template (created
 * together, all or nothing), plus today's tasks. The schedule defaults to starting today in the care
 * team's zone, ending 365 days later (or on a task's own endDate: "for 10 days"), on all seven days.
 */
@CommandHandler(BulkCreateTasks)
export class BulkCreateTasksHandler implements ICommandHandler<BulkCreateTasks, CreatedTemplates> {
  constructor(
    private readonly commands: CommandBus,
    private readonly clock: CareTeamClock,
  ) {}

  async execute({ childId, input, metadata }: BulkCreateTasks): Promise<CreatedTemplates> {
    const startDate = normalizeTemplateDate(input.startDate, 'startDate') ?? (await this.clock.today(childId, new Date(metadata.occurredAt)));
    // The default end (a year on) stops at the last date the product stores.
    const defaultEnd = addDays(startDate, TEMPLATE_DEFAULT_DAYS);
    const endDate = normalizeTemplateDate(input.endDate, 'endDate') ?? (defaultEnd < DATE_MAX ? defaultEnd : DATE_MAX);
    const daysOfWeek = input.daysOfWeek ?? [...DAY_NAMES];
    const items = input.tasks.map((task) => ({ templateId: randomUUID(), input: reviewedTaskTemplate(task, { startDate, endDate, daysOfWeek }) }));
    return this.commands.execute(new CreateTaskTemplates(childId, items, metadata));
  }
}
