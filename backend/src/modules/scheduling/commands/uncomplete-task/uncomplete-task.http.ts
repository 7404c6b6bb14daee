import { Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Child, Task, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { TaskAccess, TaskAccessGuard } from '../../access/task-access.guard';
import { displayName } from '../../../identity';
import { taskFromState } from '../task-answer';
import { UncompleteTask } from './uncomplete-task.handler';

@ApiTags('tasks')
@Controller()
@UseGuards(TaskAccessGuard)
export class UncompleteTaskController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 with the task, pending again. */
  @Put('tasks/:id/uncomplete')
  @TaskAccess('edit')
  async uncomplete(@Param('id') taskId: string, @Req() req: Request & { user: User; child: Child }): Promise<Task> {
    const metadata = commandMetadata(req);
    const state = await this.commands.execute(new UncompleteTask({ taskId, metadata }));
    return taskFromState(state, req.child, displayName(req.user), new Date(metadata.occurredAt));
  }
}
