import { BadRequestException, Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import type { Request } from 'express';
import { PRIORITIES, TEMPLATE_MESSAGES, type BulkTasksInput, type CreatedBulkTasks, type Priority } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { createdAnswer } from '../create-task-template/create-task-template.http';
import { BulkCreateTasks } from './bulk-create-tasks.handler';

const nullable = (_: object, value: unknown) => value !== null && value !== undefined;

export class ReviewedTaskDto {
  @IsString({ message: TEMPLATE_MESSAGES.invalidTime }) @MaxLength(40) time!: string;
  @IsString({ message: TEMPLATE_MESSAGES.nameRequired }) @MaxLength(200) name!: string;
  @IsString({ message: TEMPLATE_MESSAGES.categoryRequired }) @MaxLength(60) category!: string;
  @ValidateIf(nullable) @IsString() @MaxLength(200) dosage?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(5000) description?: string | null;
  @IsOptional() @IsBoolean() isUrgent?: boolean;
  @IsOptional() @IsIn(PRIORITIES, { message: TEMPLATE_MESSAGES.unknownPriority }) priority?: Priority;
}

export class BulkTasksDto implements BulkTasksInput {
  @IsArray({ message: TEMPLATE_MESSAGES.tasksRequired })
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => ReviewedTaskDto)
  tasks!: ReviewedTaskDto[];
  @ValidateIf(nullable) @IsString({ message: TEMPLATE_MESSAGES.invalidDate }) @MaxLength(40) startDate?: string | null;
  @ValidateIf(nullable) @IsString({ message: TEMPLATE_MESSAGES.invalidDate }) @MaxLength(40) endDate?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(14) daysOfWeek?: (string | number)[];
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
