import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Child, TaskTemplate } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { TemplateAccessGuard } from '../../access/template-access.guard';
import { TaskTemplatesQuery } from '../../read-models/task-templates/task-templates.query';
import { PauseRepeatingTask } from './pause-repeating-task.handler';

@ApiTags('repeating tasks')
@Controller('repeating-tasks/:templateId')
@UseGuards(TemplateAccessGuard)
export class PauseRepeatingTaskController {
  constructor(
    private readonly commands: CommandBus,
    private readonly templates: TaskTemplatesQuery,
  ) {}

  /** 200 the paused template (pausing again changes nothing). */
  @Post('pause')
  @HttpCode(200)
  pause(@Param('templateId') templateId: string, @Req() req: Request & { child: Child }): Promise<TaskTemplate> {
    return this.run(templateId, true, req);
  }

  /** 200 the resumed template. */
  @Post('resume')
  @HttpCode(200)
  resume(@Param('templateId') templateId: string, @Req() req: Request & { child: Child }): Promise<TaskTemplate> {
    return this.run(templateId, false, req);
  }

  private async run(templateId: string, pause: boolean, req: Request & { child: Child }): Promise<TaskTemplate> {
    await this.commands.execute(new PauseRepeatingTask({ templateId, childId: req.child.id, pause, metadata: commandMetadata(req) }));
    const [template] = await this.templates.byIds([templateId]);
    return template;
  }
}
