import { randomUUID } from 'node:crypto';
import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CommentView, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { AddCommentDto } from '../community.dto';
import { postIdPipe } from '../group-id';
import { AddComment } from './add-comment.handler';

/** 201 with the comment; 400 when the parent is not a top-level comment of the post; 403 non-members and muted; 429 past the hourly limit. */
@ApiTags('community')
@Controller()
export class AddCommentController {
  constructor(private readonly commands: CommandBus) {}

  @Post('posts/:id/comments')
  add(@Param('id', postIdPipe) id: string, @Body() body: AddCommentDto, @CurrentUser() user: User, @Req() req: Request): Promise<CommentView> {
    return this.commands.execute(new AddComment({ postId: id, commentId: randomUUID(), input: body, user, metadata: commandMetadata(req) }));
  }
}
