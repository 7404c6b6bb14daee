import { Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Task } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { TaskAccess, TaskAccessGuard } from '../../access/task-access.guard';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { taskAnswer } from '../task-answer';
import { UncompleteTask } from './uncomplete-task.handler';

@ApiTags('tasks')
@Controller()
@UseGuards(TaskAccessGuard)
export class UncompleteTaskController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
  ) {}

  /** 200 with the task, pending again. */
  @Put('tasks/:id/uncomplete')
  @TaskAccess('edit')
  async uncomplete(@Param('id') taskId: string, @Req() req: Request): Promise<Task> {
    const metadata = commandMetadata(req);
    await this.commands.execute(new UncompleteTask(taskId, metadata));
    return taskAnswer(this.tasks, taskId, metadata);
  }
}
