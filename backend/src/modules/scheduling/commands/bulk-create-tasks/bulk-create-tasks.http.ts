import { BadRequestException, Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, ValidateNested } from 'class-validator';
import type { Request } from 'express';
import {
  BULK_MEDICATIONS_MAX,
  BULK_TASKS_MAX,
  MEDICATION_NAME_REQUIRED,
  MEDICATION_STRENGTH_MAX,
  PRIORITIES,
  REPEAT_INTERVAL_MAX,
  REPEAT_INTERVAL_MIN,
  SCHEDULE_TASK_CATEGORIES,
  TASK_CATEGORIES,
  TASK_MESSAGES,
  TEMPLATE_MESSAGES,
  TEXT_MAX,
  type BulkMedicationInput,
  type BulkTasksInput,
  type CreatedBulkTasks,
  type Priority,
} from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IfGiven, IsCalendarDate, IsClockTime, IsDaysOfWeek, IsIntIn, IsOneOf, IsText } from '../../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard, MedicationsQuery } from '../../../care-recipients';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { createdAnswer } from '../task-answer';
import { BulkCreateTasks } from './bulk-create-tasks.handler';

/** A schedule-text category (its 'therapy' included) or any task category. */
const REVIEWED_CATEGORIES = [...new Set<string>([...SCHEDULE_TASK_CATEGORIES, ...TASK_CATEGORIES])];
const categoryMessage = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? TASK_MESSAGES.unknownCategory : TEMPLATE_MESSAGES.categoryRequired;
const IsBulkDate = () => IsCalendarDate({ message: TEMPLATE_MESSAGES.invalidDate, dateTime: true, absent: ['undefined', 'null'] });
const interval = TEMPLATE_MESSAGES.intervalRange;

/** One reviewed row: its time, name and dose, and its own regimen (days, every N days, first and last day). */
export class ReviewedTaskDto {
  @IsClockTime({ message: TEMPLATE_MESSAGES.invalidTime, seconds: true, singleDigitHour: true }) time!: string;
  @IsText(TEXT_MAX.name, { message: TEMPLATE_MESSAGES.nameRequired }) name!: string;
  @IsOneOf(REVIEWED_CATEGORIES, categoryMessage) category!: string;
  @IfGiven() @IsText(TEXT_MAX.name) dosage?: string | null;
  /** "100 mg/mL": kept on the medication beside its dose. */
  @IfGiven() @IsText(MEDICATION_STRENGTH_MAX) strength?: string | null;
  @IfGiven() @IsText(TEXT_MAX.text) description?: string | null;
  @IfGiven() @IsBoolean() isUrgent?: boolean;
  @IfGiven() @IsOneOf(PRIORITIES, TEMPLATE_MESSAGES.unknownPriority) priority?: Priority;
  @IfGiven() @IsBulkDate() startDate?: string | null;
  @IfGiven() @IsBulkDate() endDate?: string | null;
  @IfGiven() @IsDaysOfWeek(TEMPLATE_MESSAGES.unknownDay) daysOfWeek?: (string | number)[] | null;
  @IfGiven() @IsIntIn(REPEAT_INTERVAL_MIN, REPEAT_INTERVAL_MAX, { type: interval, min: interval, max: interval }) repeatInterval?: number | null;
  /** A flagged row the caregiver has not confirmed: refused (400) until they do. */
  @IfGiven() @IsBoolean() needsReview?: boolean;
}

/** A medication read from the text but not scheduled (as needed): found or added. */
export class ListedMedicationDto implements BulkMedicationInput {
  @IsText(TEXT_MAX.name, { message: MEDICATION_NAME_REQUIRED }) name!: string;
  @IfGiven() @IsText(TEXT_MAX.name) dosage?: string | null;
  @IfGiven() @IsText(MEDICATION_STRENGTH_MAX) strength?: string | null;
  @IfGiven() @IsText(TEXT_MAX.instructions) instructions?: string | null;
}

export class BulkTasksDto implements BulkTasksInput {
  @IsArray({ message: TEMPLATE_MESSAGES.tasksRequired })
  @ArrayMaxSize(BULK_TASKS_MAX)
  @ValidateNested({ each: true })
  @Type(() => ReviewedTaskDto)
  tasks!: ReviewedTaskDto[];
  @IfGiven() @IsBulkDate() startDate?: string | null;
  @IfGiven() @IsBulkDate() endDate?: string | null;
  @IfGiven() @IsDaysOfWeek(TEMPLATE_MESSAGES.unknownDay) daysOfWeek?: (string | number)[];
  @IfGiven()
  @IsArray()
  @ArrayMaxSize(BULK_MEDICATIONS_MAX, { message: TEMPLATE_MESSAGES.medicationsMax })
  @ValidateNested({ each: true })
  @Type(() => ListedMedicationDto)
  medications?: ListedMedicationDto[];
}

@ApiTags('task templates')
@Controller('children/:childId/tasks/bulk')
@UseGuards(ChildAccessGuard)
export class BulkCreateTasksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
    private readonly medications: MedicationsQuery,
  ) {}

  /** 201 with the templates, today's tasks and the medications found or added; 400 when there is nothing to save. */
  @Post()
  @ChildAccess('edit')
  async create(@Param('childId') childId: string, @Body() body: BulkTasksDto, @Req() req: Request): Promise<CreatedBulkTasks> {
    if (body.tasks.length === 0 && !body.medications?.length) throw new BadRequestException(TEMPLATE_MESSAGES.tasksRequired);
    const metadata = commandMetadata(req);
    const now = new Date(metadata.occurredAt);
    const created = await this.commands.execute(new BulkCreateTasks({ childId, input: body, metadata }));
    const linked = new Set(created.medicationIds);
    const medications = (await this.medications.forChild(childId, now)).filter((m) => linked.has(m.id));
    return { ...(await createdAnswer(this.tasks, childId, created, now)), medications };
  }
}
