import { randomUUID } from 'node:crypto';
import { BadRequestException, Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, ValidateNested } from 'class-validator';
import type { Request } from 'express';
import {
  addDays,
  DATE_MAX,
  DAY_NAMES,
  PRIORITIES,
  SCHEDULE_TASK_CATEGORIES,
  TASK_CATEGORIES,
  TASK_MESSAGES,
  TEMPLATE_DEFAULT_DAYS,
  TEMPLATE_MESSAGES,
  type BulkTasksInput,
  type CreatedBulkTasks,
  type Priority,
  type TaskCategory,
  type TaskTemplateInput,
} from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IfGiven, IsCalendarDate, IsClockTime, IsDaysOfWeek, IsOneOf, IsText } from '../../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { normalizeDays, normalizeTemplateDate } from '../../domain/task-template.decide';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { CareTeamClock } from '../../time/care-team-clock';
import { createdAnswer } from '../create-task-template/create-task-template.http';
import { CreateTaskTemplatesCommand, type CreatedTemplates } from '../create-task-template/create-task-template.handler';

/** A schedule-text category (its 'therapy' included) or any task category. */
const REVIEWED_CATEGORIES = [...new Set<string>([...SCHEDULE_TASK_CATEGORIES, ...TASK_CATEGORIES])];
const categoryMessage = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? TASK_MESSAGES.unknownCategory : TEMPLATE_MESSAGES.categoryRequired;
const IsBulkDate = () => IsCalendarDate({ message: TEMPLATE_MESSAGES.invalidDate, dateTime: true, absent: ['undefined', 'null'] });

export class ReviewedTaskDto {
  @IsClockTime({ message: TEMPLATE_MESSAGES.invalidTime, seconds: true, singleDigitHour: true }) time!: string;
  @IsText(200, { message: TEMPLATE_MESSAGES.nameRequired }) name!: string;
  @IsOneOf(REVIEWED_CATEGORIES, categoryMessage) category!: string;
  @IfGiven() @IsText(200) dosage?: string | null;
  @IfGiven() @IsText(5000) description?: string | null;
  @IfGiven() @IsBoolean() isUrgent?: boolean;
  @IfGiven() @IsOneOf(PRIORITIES, TEMPLATE_MESSAGES.unknownPriority) priority?: Priority;
}

export class BulkTasksDto implements BulkTasksInput {
  @IsArray({ message: TEMPLATE_MESSAGES.tasksRequired })
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => ReviewedTaskDto)
  tasks!: ReviewedTaskDto[];
  @IfGiven() @IsBulkDate() startDate?: string | null;
  @IfGiven() @IsBulkDate() endDate?: string | null;
  @IfGiven() @IsDaysOfWeek(TEMPLATE_MESSAGES.unknownDay) daysOfWeek?: (string | number)[];
}

const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * The schedule-text categories are task categories, except the spec's 'therapy', which is not in
 * the category list (DESIGN.md calls the same value a defect in the routine-task form): it is a
 * therapy session.
 */
const SCHEDULE_CATEGORY_ALIASES: Record<string, TaskCategory> = { therapy: 'therapy_session' };

/**
 * One reviewed task as a repeating template, with the schedule-text flow's defaults (spec section 9):
 * start today, end 365 days later, all seven days; medication tasks urgent unless the reviewer
 * switched it off; priority high makes it urgent. The dosage leads the description.
 */
export function reviewedTaskTemplate(
  task: ReviewedTaskDto,
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
    repeatEndDate: schedule.endDate,
    daysOfWeek: schedule.daysOfWeek,
    scheduledTimes: [task.time],
  };
}

@ApiTags('task templates')
@Controller('children/:childId/tasks/bulk')
@UseGuards(ChildAccessGuard)
export class BulkCreateTasksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
    private readonly clock: CareTeamClock,
  ) {}

  /** The task review dialog's approve: each reviewed task becomes a repeating template, plus today's tasks. */
  @Post()
  @ChildAccess('edit')
  async create(@Param('childId') childId: string, @Body() body: BulkTasksDto, @Req() req: Request): Promise<CreatedBulkTasks> {
    if (body.tasks.length === 0) throw new BadRequestException(TEMPLATE_MESSAGES.tasksRequired);
    const metadata = commandMetadata(req);
    const startDate = normalizeTemplateDate(body.startDate, 'startDate') ?? (await this.clock.today(childId, new Date(metadata.occurredAt)));
    // The default end (a year on) stops at the last date the product stores.
    const endDate = normalizeTemplateDate(body.endDate, 'endDate') ?? minDate(addDays(startDate, TEMPLATE_DEFAULT_DAYS), DATE_MAX);
    const daysOfWeek = body.daysOfWeek ?? [...DAY_NAMES];
    const items = body.tasks.map((task) => ({ templateId: randomUUID(), input: reviewedTaskTemplate(task, { startDate, endDate, daysOfWeek }) }));
    const created: CreatedTemplates = await this.commands.execute(new CreateTaskTemplatesCommand(childId, items, metadata));
    return createdAnswer(this.tasks, childId, created, new Date(metadata.occurredAt));
  }
}
