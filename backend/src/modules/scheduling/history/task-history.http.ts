import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Page, TaskHistoryEntry } from '@carecircle/libs';
import { ApiPageQuery, decodeCursor, pageLimit } from '../../../platform/http/page';
import { TaskAccess, TaskAccessGuard } from '../access/task-access.guard';
import { taskHistoryCursor, TaskHistoryQuery } from './task-history.query';

@ApiTags('tasks')
@Controller('tasks')
@UseGuards(TaskAccessGuard)
export class TaskHistoryController {
  constructor(private readonly history: TaskHistoryQuery) {}

  /** GET /api/tasks/{id}/history: a page `{items: [{type, data, actorId, actorName, occurredAt, revision}], next}`, in order. */
  @Get(':id/history')
  @TaskAccess('read', { includeRemoved: true })
  @ApiPageQuery()
  list(@Param('id') taskId: string, @Query('cursor') cursor: unknown, @Query('limit') limit: unknown): Promise<Page<TaskHistoryEntry>> {
    return this.history.pageFor(taskId, { after: decodeCursor(cursor, taskHistoryCursor), limit: pageLimit(limit) });
  }
}
