import { Body, Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Child, Task } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { TaskAccess, TaskAccessGuard } from '../../access/task-access.guard';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { taskAnswer } from '../task-answer';
import { UpdateTaskDto } from '../task.dto';
import { UpdateTask } from './update-task.handler';

@ApiTags('tasks')
@Controller()
@UseGuards(TaskAccessGuard)
export class UpdateTaskController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
  ) {}

  /** 200 with the edited task. The access guard leaves the task's recipient on the request. */
  @Put('tasks/:id')
  @TaskAccess('edit')
  async update(@Param('id') taskId: string, @Body() body: UpdateTaskDto, @Req() req: Request & { child: Child }): Promise<Task> {
    const metadata = commandMetadata(req);
    await this.commands.execute(new UpdateTask({ taskId, childId: req.child.id, input: body, metadata }));
    return taskAnswer(this.tasks, taskId, metadata);
  }
}
