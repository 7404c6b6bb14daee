import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { TaskHistoryEntry } from '@carecircle/libs';
import { TaskAccess, TaskAccessGuard } from '../access/task-access.guard';
import { TaskHistoryQuery } from './task-history.query';

@ApiTags('tasks')
@Controller('tasks')
@UseGuards(TaskAccessGuard)
export class TaskHistoryController {
  constructor(private readonly history: TaskHistoryQuery) {}

  /** GET /api/tasks/{id}/history: [{type, data, actorId, actorName, occurredAt, revision}] in order. */
  @Get(':id/history')
  @TaskAccess('read', { includeRemoved: true })
  list(@Param('id') taskId: string): Promise<TaskHistoryEntry[]> {
    return this.history.forTask(taskId);
  }
}
