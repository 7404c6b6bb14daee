import { BadRequestException, Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, ValidateNested } from 'class-validator';
import type { Request } from 'express';
import { PRIORITIES, SCHEDULE_TASK_CATEGORIES, TASK_CATEGORIES, TASK_MESSAGES, TEMPLATE_MESSAGES, type BulkTasksInput, type CreatedBulkTasks, type Priority } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IfGiven, IsCalendarDate, IsClockTime, IsDaysOfWeek, IsOneOf, IsText } from '../../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { createdAnswer } from '../create-task-template/create-task-template.http';
import { BulkCreateTasks } from './bulk-create-tasks.handler';

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
  @IfGiven() @IsBulkDate() endDate?: string | null;
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

@ApiTags('task templates')
@Controller('children/:childId/tasks/bulk')
@UseGuards(ChildAccessGuard)
export class BulkCreateTasksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
  ) {}

  /** 201 with the templates and today's tasks; 400 for an empty list. */
  @Post()
  @ChildAccess('edit')
  async create(@Param('childId') childId: string, @Body() body: BulkTasksDto, @Req() req: Request): Promise<CreatedBulkTasks> {
    if (body.tasks.length === 0) throw new BadRequestException(TEMPLATE_MESSAGES.tasksRequired);
    const metadata = commandMetadata(req);
    const created = await this.commands.execute(new BulkCreateTasks(childId, body, metadata));
    return createdAnswer(this.tasks, childId, created, new Date(metadata.occurredAt));
  }
}
