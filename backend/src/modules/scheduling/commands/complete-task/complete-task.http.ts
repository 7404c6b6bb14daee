import { Body, Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Child, Task, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { TaskAccess, TaskAccessGuard } from '../../access/task-access.guard';
import { displayName } from '../../../identity';
import { taskFromState } from '../task-answer';
import { CompleteTaskDto } from '../task.dto';
import { CompleteTask } from './complete-task.handler';

@ApiTags('tasks')
@Controller()
@UseGuards(TaskAccessGuard)
export class CompleteTaskController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 with the task; 409 (TaskAlreadyCompleted: who and when) when someone already completed it. */
  @Put('tasks/:id/complete')
  @TaskAccess('edit')
  async complete(@Param('id') taskId: string, @Body() body: CompleteTaskDto, @Req() req: Request & { user: User; child: Child }): Promise<Task> {
    const metadata = commandMetadata(req);
    const state = await this.commands.execute(new CompleteTask({ taskId, notes: body.notes ?? null, metadata }));
    return taskFromState(state, req.child, displayName(req.user), new Date(metadata.occurredAt));
  }
}
