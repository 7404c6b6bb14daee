import { Body, Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { REPEATING_MESSAGES, type Child, type StopRepeatingTaskInput } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsText } from '../../../../platform/http/dto-rules';
import { TemplateAccessGuard } from '../../access/template-access.guard';
import { StopRepeatingTask } from './stop-repeating-task.handler';

/** Required (blank is the decider's message), at most 500 characters. */
export class StopRepeatingTaskDto implements StopRepeatingTaskInput {
  @IsText(REPEATING_MESSAGES.reasonMax, { message: REPEATING_MESSAGES.reasonRequired }) reason!: string;
}

@ApiTags('repeating tasks')
@Controller()
@UseGuards(TemplateAccessGuard)
export class StopRepeatingTaskController {
  constructor(private readonly commands: CommandBus) {}

  /** 204; 400 without a reason. */
  @Delete('repeating-tasks/:templateId')
  @HttpCode(204)
  async stop(@Param('templateId') templateId: string, @Body() body: StopRepeatingTaskDto, @Req() req: Request & { child: Child }): Promise<void> {
    await this.commands.execute(new StopRepeatingTask({ templateId, childId: req.child.id, reason: body.reason, metadata: commandMetadata(req) }));
  }
}
