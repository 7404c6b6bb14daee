import { randomUUID } from 'node:crypto';
import { Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean } from 'class-validator';
import type { Request } from 'express';
import {
  INT4_MAX,
  MEDICATION_STRENGTH_MAX,
  PRIORITIES,
  REPEAT_INTERVAL_MAX,
  REPEAT_INTERVAL_MIN,
  REPEAT_PATTERNS,
  TASK_CATEGORIES,
  TASK_MESSAGES,
  TEMPLATE_MESSAGES,
  type CreatedTemplate,
  type Priority,
  type RepeatPattern,
  type RepeatingTaskInput,
  type TaskCategory,
  type TaskTemplateInput,
  TEXT_MAX,
} from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import {
  IfGiven,
  IsCalendarDate,
  IsClockTime,
  IsDaysOfWeek,
  IsIntIn,
  IsLink,
  IsOneOf,
  IsText,
  IsTimeNotes,
  IsUuid,
} from '../../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { createdAnswer } from '../task-answer';
import { CreateTaskTemplates } from './create-task-template.handler';

const SHORT = TEXT_MAX.name;
const LONG = TEXT_MAX.text;

/** Blank is the decider's 'Please select a category.' */
const categoryMessage = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? TASK_MESSAGES.categoryRequired : TASK_MESSAGES.unknownCategory;

/** Template dates: yyyy-mm-dd or an ISO date-time (its date part); empty, 'undefined' and 'null' mean not given. */
const IsTemplateDate = () => IsCalendarDate({ message: TEMPLATE_MESSAGES.invalidDate, dateTime: true, absent: ['undefined', 'null'] });
/** Template times: HH:MM, H:MM or HH:MM:SS. */
const TEMPLATE_TIME = { message: TEMPLATE_MESSAGES.invalidTime, seconds: true, singleDigitHour: true } as const;

/**
 * Both payloads of the spec. Types and ranges are checked here (a bad value is a 400 naming it);
 * what is required, and the rules between fields, are the decider's.
 */
export class TaskTemplateDto implements TaskTemplateInput {
  @IfGiven() @IsText(SHORT) name!: string;
  @IfGiven() @IsOneOf([...TASK_CATEGORIES, ''], categoryMessage) category!: TaskCategory;
  @IfGiven() @IsText(LONG) description?: string | null;
  @IfGiven() @IsText(60) medicationId?: string | null;
  /** A medication schedule without medicationId: the dose and strength of the medication made for it. */
  @IfGiven() @IsText(SHORT) dosage?: string | null;
  @IfGiven() @IsText(MEDICATION_STRENGTH_MAX) strength?: string | null;
  @IfGiven() @IsBoolean() isUrgent?: boolean;
  @IfGiven() @IsOneOf(PRIORITIES, TEMPLATE_MESSAGES.unknownPriority) priority?: Priority;
  @IfGiven() @IsBoolean() isRepeating?: boolean;
  @IfGiven() @IsBoolean() isTemplate?: boolean;
  @IfGiven() @IsBoolean() isActive?: boolean;
  @IfGiven() @IsText(SHORT) templateName?: string | null;
  @IfGiven() @IsOneOf(REPEAT_PATTERNS, TEMPLATE_MESSAGES.unknownPattern) repeatPattern?: RepeatPattern;
  @IfGiven() @IsIntIn(REPEAT_INTERVAL_MIN, REPEAT_INTERVAL_MAX, { type: TEMPLATE_MESSAGES.intervalRange, min: TEMPLATE_MESSAGES.intervalRange, max: TEMPLATE_MESSAGES.intervalRange })
  repeatInterval?: number | null;
  @IfGiven() @IsTemplateDate() repeatStartDate?: string | null;
  @IfGiven() @IsTemplateDate() repeatEndDate?: string | null;
  @IfGiven() @IsDaysOfWeek(TEMPLATE_MESSAGES.unknownDay) daysOfWeek?: (string | number)[];
  @IfGiven() @IsArray() @ArrayMaxSize(96) @IsClockTime({ ...TEMPLATE_TIME, each: true }) scheduledTimes?: string[];
  @IfGiven() @IsClockTime(TEMPLATE_TIME) scheduledTime?: string;
  @IfGiven() @IsTimeNotes(LONG) timeNotes?: Record<string, string> | null;
  /** Minutes; the column is an integer. */
  @IfGiven()
  @IsIntIn(1, INT4_MAX, { type: TEMPLATE_MESSAGES.estimatedDuration, min: TEMPLATE_MESSAGES.estimatedDuration, max: TEMPLATE_MESSAGES.estimatedDurationMax })
  estimatedDuration?: number | null;
  @IfGiven() @IsLink() imageUrl?: string | null;
}

/** POST /api/repeating-tasks names the recipient in the body. */
export class RepeatingTaskDto extends TaskTemplateDto implements RepeatingTaskInput {
  @IsUuid('Care recipient id must be a UUID') childId!: string;
}

@ApiTags('task templates')
@Controller()
@UseGuards(ChildAccessGuard)
export class TaskTemplatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
  ) {}

  /** A template (quick-add template mode, onboarding medications); today's tasks too when it repeats today. */
  @Post('children/:childId/task-templates')
  @ChildAccess('edit')
  create(@Param('childId') childId: string, @Body() body: TaskTemplateDto, @Req() req: Request): Promise<CreatedTemplate> {
    return this.createOne(childId, body, req);
  }

  /** A repeating task (quick-add repeat, onboarding daily tasks): isRepeating unless said otherwise. */
  @Post('repeating-tasks')
  @ChildAccess('edit', 'body.childId')
  createRepeating(@Body() body: RepeatingTaskDto, @Req() req: Request): Promise<CreatedTemplate> {
    const { childId, ...input } = body;
    return this.createOne(childId, { ...input, isRepeating: input.isRepeating ?? true }, req);
  }

  private async createOne(childId: string, input: TaskTemplateInput, req: Request): Promise<CreatedTemplate> {
    const metadata = commandMetadata(req);
    const created = await this.commands.execute(new CreateTaskTemplates(childId, [{ templateId: randomUUID(), input }], metadata));
    const { templates, tasks } = await createdAnswer(this.tasks, childId, created, new Date(metadata.occurredAt));
    return { template: templates[0], tasks };
  }
}
