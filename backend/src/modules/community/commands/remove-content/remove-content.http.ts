import { Body, Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { OptionalReasonDto } from '../community.dto';
import { commentIdPipe, postIdPipe } from '../group-id';
import { RemoveContent } from './remove-content.handler';

/** 204. `{reason}` required for a moderator removing another's (400 naming reason), optional for an author deleting their own. */
@ApiTags('community')
@Controller()
export class RemoveContentController {
  constructor(private readonly commands: CommandBus) {}

  @Delete('posts/:id')
  @HttpCode(204)
  removePost(@Param('id', postIdPipe) id: string, @Body() body: OptionalReasonDto, @CurrentUser() user: User, @Req() req: Request): Promise<void> {
    return this.commands.execute(new RemoveContent({ target: { postId: id, commentId: null }, reason: body?.reason, user, metadata: commandMetadata(req) }));
  }

  @Delete('comments/:id')
  @HttpCode(204)
  removeComment(@Param('id', commentIdPipe) id: string, @Body() body: OptionalReasonDto, @CurrentUser() user: User, @Req() req: Request): Promise<void> {
    return this.commands.execute(new RemoveContent({ target: { postId: null, commentId: id }, reason: body?.reason, user, metadata: commandMetadata(req) }));
  }
}
