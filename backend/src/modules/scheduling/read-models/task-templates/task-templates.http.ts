import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { TaskTemplate } from '@carecircle/libs';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { TaskTemplatesQuery } from './task-templates.query';

@ApiTags('task templates')
@Controller('children/:childId')
@UseGuards(ChildAccessGuard)
export class TaskTemplatesReadController {
  constructor(private readonly templates: TaskTemplatesQuery) {}

  /** The recipient's templates and repeating tasks (active and deactivated), oldest first. */
  @Get('task-templates')
  @ChildAccess('read')
  list(@Param('childId') childId: string): Promise<TaskTemplate[]> {
    return this.templates.forChild(childId);
  }

  /** The recipient's repeating schedules that are not stopped (paused ones included), oldest first. */
  @Get('repeating-tasks')
  @ChildAccess('read')
  async repeating(@Param('childId') childId: string): Promise<TaskTemplate[]> {
    return (await this.templates.forChild(childId)).filter((t) => t.isActive && t.isRepeating);
  }
}
