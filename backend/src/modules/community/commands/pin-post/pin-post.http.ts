import { Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PostView, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { postIdPipe } from '../group-id';
import { PinPost } from './pin-post.handler';

/** 200 with the post; moderators only (403 for members, and for non-members the join message). */
@ApiTags('community')
@Controller()
export class PinPostController {
  constructor(private readonly commands: CommandBus) {}

  @Post('posts/:id/pin')
  @HttpCode(200)
  pin(@Param('id', postIdPipe) id: string, @CurrentUser() user: User, @Req() req: Request): Promise<PostView> {
    return this.commands.execute(new PinPost({ postId: id, pinned: true, user, metadata: commandMetadata(req) }));
  }

  @Delete('posts/:id/pin')
  @HttpCode(200)
  unpin(@Param('id', postIdPipe) id: string, @CurrentUser() user: User, @Req() req: Request): Promise<PostView> {
    return this.commands.execute(new PinPost({ postId: id, pinned: false, user, metadata: commandMetadata(req) }));
  }
}
