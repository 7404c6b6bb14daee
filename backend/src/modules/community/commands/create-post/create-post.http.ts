import { randomUUID } from 'node:crypto';
import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PostView, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { CreatePostDto } from '../community.dto';
import { groupIdPipe } from '../group-id';
import { CreatePost } from './create-post.handler';

/** 201 with the post; 403 for non-members and muted members, 404 for an unknown group, 429 past the hourly limit. */
@ApiTags('community')
@Controller()
export class CreatePostController {
  constructor(private readonly commands: CommandBus) {}

  @Post('groups/:id/posts')
  create(@Param('id', groupIdPipe) id: string, @Body() body: CreatePostDto, @CurrentUser() user: User, @Req() req: Request): Promise<PostView> {
    return this.commands.execute(new CreatePost({ groupId: id, postId: randomUUID(), input: body, user, metadata: commandMetadata(req) }));
  }
}
