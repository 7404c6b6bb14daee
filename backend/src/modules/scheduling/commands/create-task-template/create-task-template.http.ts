import { randomUUID } from 'node:crypto';
import { Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ArrayMaxSize, ValidateIf } from 'class-validator';
import type { Request } from 'express';
import {
  PRIORITIES,
  REPEAT_INTERVAL_MAX,
  REPEAT_INTERVAL_MIN,
  TEMPLATE_MESSAGES,
  type CreatedTemplate,
  type Priority,
  type RepeatPattern,
  type RepeatingTaskInput,
  type TaskCategory,
  type TaskTemplateInput,
} from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { CreateTaskTemplates, type CreatedTemplates } from './create-task-template.handler';

const nullable = (_: object, value: unknown) => value !== null && value !== undefined;
const SHORT = 200;
const LONG = 5000;

/** Both payloads of the spec. Types are checked here (a wrong type is a 400); the rules are the decider's. */
export class TaskTemplateDto implements TaskTemplateInput {
  @IsOptional() @IsString() @MaxLength(SHORT) name!: string;
  @IsOptional() @IsString() @MaxLength(60) category!: TaskCategory;
  @ValidateIf(nullable) @IsString() @MaxLength(LONG) description?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(60) medicationId?: string | null;
  @IsOptional() @IsBoolean() isUrgent?: boolean;
  @IsOptional() @IsIn(PRIORITIES, { message: TEMPLATE_MESSAGES.unknownPriority }) priority?: Priority;
  @IsOptional() @IsBoolean() isRepeating?: boolean;
  @IsOptional() @IsBoolean() isTemplate?: boolean;
  @IsOptional() @IsBoolean() isActive?: boolean;
  @ValidateIf(nullable) @IsString() @MaxLength(SHORT) templateName?: string | null;
  @IsOptional() @IsIn(['daily', 'weekly', 'custom'], { message: TEMPLATE_MESSAGES.unknownPattern }) repeatPattern?: RepeatPattern;
  @ValidateIf(nullable)
  @IsInt({ message: TEMPLATE_MESSAGES.intervalRange })
  @Min(REPEAT_INTERVAL_MIN, { message: TEMPLATE_MESSAGES.intervalRange })
  @Max(REPEAT_INTERVAL_MAX, { message: TEMPLATE_MESSAGES.intervalRange })
  repeatInterval?: number | null;
  @ValidateIf(nullable) @IsString({ message: TEMPLATE_MESSAGES.invalidDate }) @MaxLength(40) repeatStartDate?: string | null;
  @ValidateIf(nullable) @IsString({ message: TEMPLATE_MESSAGES.invalidDate }) @MaxLength(40) repeatEndDate?: string | null;
  /** Names or numbers 0-6: each element is checked by the decider. */
  @IsOptional() @IsArray() @ArrayMaxSize(14) daysOfWeek?: (string | number)[];
  @IsOptional() @IsArray() @ArrayMaxSize(96) @IsString({ each: true, message: TEMPLATE_MESSAGES.invalidTime }) scheduledTimes?: string[];
  @IsOptional() @IsString({ message: TEMPLATE_MESSAGES.invalidTime }) @MaxLength(40) scheduledTime?: string;
  @ValidateIf(nullable) @IsObject() timeNotes?: Record<string, string> | null;
  @ValidateIf(nullable) @IsInt({ message: TEMPLATE_MESSAGES.estimatedDuration }) @Min(1, { message: TEMPLATE_MESSAGES.estimatedDuration }) estimatedDuration?: number | null;
  @ValidateIf(nullable) @IsString() @MaxLength(2000) imageUrl?: string | null;
}

/** POST /api/repeating-tasks names the recipient in the body. */
export class RepeatingTaskDto extends TaskTemplateDto implements RepeatingTaskInput {
  @IsUUID('all', { message: 'Care recipient id must be a UUID' }) childId!: string;
}

/** The 201 answer: the template and the tasks it made for today. */
export async function createdAnswer(tasks: DailyTasksQuery, childId: string, created: CreatedTemplates, now: Date) {
  const ids = new Set(created.taskIds);
  const todays = (await tasks.onDate([childId], created.today, now)).filter((t) => ids.has(t.id));
  return { templates: created.templates, tasks: todays };
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
