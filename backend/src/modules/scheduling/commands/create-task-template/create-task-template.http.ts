import { randomUUID } from 'node:crypto';
import { Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CreatedTemplate, RepeatingTaskInput, TaskTemplateInput } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsUuid } from '../../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { createdAnswer } from '../task-answer';
import { TaskTemplateDto } from '../task-template.dto';
import { CreateTaskTemplates } from './create-task-template.handler';

/** POST /api/repeating-tasks names the recipient in the body. */
export class RepeatingTaskDto extends TaskTemplateDto implements RepeatingTaskInput {
  @IsUuid('Care recipient id must be a UUID') childId!: string;
}

@ApiTags('task templates')
@Controller()
@UseGuards(ChildAccessGuard)
export class TaskTemplatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
  ) {}

  /** A template (quick-add template mode, onboarding medications); today's tasks too when it repeats today. */
  @Post('children/:childId/task-templates')
  @ChildAccess('edit')
  create(@Param('childId') childId: string, @Body() body: TaskTemplateDto, @Req() req: Request): Promise<CreatedTemplate> {
    return this.createOne(childId, body, req);
  }

  /** A repeating task (quick-add repeat, onboarding daily tasks): isRepeating unless said otherwise. */
  @Post('repeating-tasks')
  @ChildAccess('edit', 'body.childId')
  createRepeating(@Body() body: RepeatingTaskDto, @Req() req: Request): Promise<CreatedTemplate> {
    const { childId, ...input } = body;
    return this.createOne(childId, { ...input, isRepeating: input.isRepeating ?? true }, req);
  }

  private async createOne(childId: string, input: TaskTemplateInput, req: Request): Promise<CreatedTemplate> {
    const metadata = commandMetadata(req);
    const created = await this.commands.execute(new CreateTaskTemplates({ childId, items: [{ templateId: randomUUID(), input }], metadata }));
    const { templates, tasks } = await createdAnswer(this.tasks, childId, created, new Date(metadata.occurredAt));
    return { template: templates[0], tasks };
  }
}
