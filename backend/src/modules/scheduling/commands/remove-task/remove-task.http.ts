import { Body, Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { TaskAccess, TaskAccessGuard } from '../../access/task-access.guard';
import { RemoveTaskDto } from '../task.dto';
import { RemoveTask } from './remove-task.handler';

@ApiTags('tasks')
@Controller()
@UseGuards(TaskAccessGuard)
export class RemoveTaskController {
  constructor(private readonly commands: CommandBus) {}

  /** 204; 400 without a reason. */
  @Delete('tasks/:id')
  @TaskAccess('edit')
  @HttpCode(204)
  async remove(@Param('id') taskId: string, @Body() body: RemoveTaskDto, @Req() req: Request): Promise<void> {
    await this.commands.execute(new RemoveTask({ taskId, reason: body.reason ?? null, metadata: commandMetadata(req) }));
  }
}
