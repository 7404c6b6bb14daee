import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { ReasonDto } from '../community.dto';
import { commentIdPipe, postIdPipe } from '../group-id';
import { ReportContent } from './report-content.handler';

/** 204, also when the caller's report about it is already open (nothing new); members only. */
@ApiTags('community')
@Controller()
export class ReportContentController {
  constructor(private readonly commands: CommandBus) {}

  @Post('posts/:id/report')
  @HttpCode(204)
  reportPost(@Param('id', postIdPipe) id: string, @Body() body: ReasonDto, @CurrentUser() user: User, @Req() req: Request): Promise<void> {
    return this.commands.execute(new ReportContent({ target: { postId: id, commentId: null }, reportId: randomUUID(), reason: body.reason, user, metadata: commandMetadata(req) }));
  }

  @Post('comments/:id/report')
  @HttpCode(204)
  reportComment(@Param('id', commentIdPipe) id: string, @Body() body: ReasonDto, @CurrentUser() user: User, @Req() req: Request): Promise<void> {
    return this.commands.execute(new ReportContent({ target: { postId: null, commentId: id }, reportId: randomUUID(), reason: body.reason, user, metadata: commandMetadata(req) }));
  }
}
