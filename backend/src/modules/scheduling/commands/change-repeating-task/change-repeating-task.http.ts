import { Body, Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { TEMPLATE_MESSAGES, type Child, type RepeatingTaskChangeInput, type TaskTemplate } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IfGiven, IsCalendarDate } from '../../../../platform/http/dto-rules';
import { TemplateAccessGuard } from '../../access/template-access.guard';
import { TaskTemplatesQuery } from '../../read-models/task-templates/task-templates.query';
import { TaskTemplateDto } from '../task-template.dto';
import { ChangeRepeatingTask } from './change-repeating-task.handler';

/** The repeating-task payload, every field optional (not sent: kept), and the date the change starts. */
export class ChangeRepeatingTaskDto extends TaskTemplateDto implements RepeatingTaskChangeInput {
  /** A real date in range; required and not in the past are the decider's rules, with the care team's today. */
  @IfGiven() @IsCalendarDate({ message: TEMPLATE_MESSAGES.invalidDate }) effectiveFrom!: string;
}

@ApiTags('repeating tasks')
@Controller()
@UseGuards(TemplateAccessGuard)
export class ChangeRepeatingTaskController {
  constructor(
    private readonly commands: CommandBus,
    private readonly templates: TaskTemplatesQuery,
  ) {}

  /** 200 the template as changed; occurrences from effectiveFrom follow the new schedule. */
  @Put('repeating-tasks/:templateId')
  async change(@Param('templateId') templateId: string, @Body() body: ChangeRepeatingTaskDto, @Req() req: Request & { child: Child }): Promise<TaskTemplate> {
    await this.commands.execute(new ChangeRepeatingTask({ templateId, childId: req.child.id, change: body, metadata: commandMetadata(req) }));
    const [template] = await this.templates.byIds([templateId]);
    return template;
  }
}
