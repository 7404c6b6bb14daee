import { Body, Controller, HttpCode, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ReactionToggleResult, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { ToggleReactionDto } from '../community.dto';
import { ToggleReaction } from './toggle-reaction.handler';

/** 200 `{reacted, reactions}`: toggles the caller's reaction of that type; members who are not muted. */
@ApiTags('community')
@Controller()
export class ToggleReactionController {
  constructor(private readonly commands: CommandBus) {}

  @Put('reactions')
  @HttpCode(200)
  toggle(@Body() body: ToggleReactionDto, @CurrentUser() user: User, @Req() req: Request): Promise<ReactionToggleResult> {
    return this.commands.execute(new ToggleReaction({ target: { postId: body.postId, commentId: body.commentId }, reactionType: body.reactionType, user, metadata: commandMetadata(req) }));
  }
}
