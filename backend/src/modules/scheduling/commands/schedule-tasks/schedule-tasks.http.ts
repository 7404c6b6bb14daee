import { Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Task } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { CreateTaskDto } from '../task.dto';
import { ScheduleTasks } from './schedule-tasks.handler';

@ApiTags('tasks')
@Controller()
@UseGuards(ChildAccessGuard)
export class ScheduleTasksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
  ) {}

  /** 201 with the created tasks, always a list (one task per time). */
  @Post('children/:childId/tasks')
  @ChildAccess('edit')
  async create(@Param('childId') childId: string, @Body() body: CreateTaskDto, @Req() req: Request): Promise<Task[]> {
    const metadata = commandMetadata(req);
    const taskIds = await this.commands.execute(new ScheduleTasks({ childId, input: body, metadata }));
    const now = new Date(metadata.occurredAt);
    return Promise.all(taskIds.map(async (taskId) => (await this.tasks.byId(taskId, now))!));
  }
}
