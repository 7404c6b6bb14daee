import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { reportIdPipe } from '../group-id';
import { DismissReport } from './dismiss-report.handler';

/** 204, also when already dismissed; moderators of the report's group only. */
@ApiTags('community')
@Controller()
export class DismissReportController {
  constructor(private readonly commands: CommandBus) {}

  @Delete('reports/:id')
  @HttpCode(204)
  dismiss(@Param('id', reportIdPipe) id: string, @CurrentUser() user: User, @Req() req: Request): Promise<void> {
    return this.commands.execute(new DismissReport({ reportId: id, user, metadata: commandMetadata(req) }));
  }
}
