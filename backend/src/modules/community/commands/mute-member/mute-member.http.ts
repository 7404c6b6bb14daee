import { Body, Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { MuteDto } from '../community.dto';
import { groupIdPipe, userIdPipe } from '../group-id';
import { MuteMember } from './mute-member.handler';

/** Moderators only; a moderator or admin cannot be muted (403); someone who is not a member: 404. */
@ApiTags('community')
@Controller()
export class MuteMemberController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 `{userId, mutedUntil}`: `until` in the future, at most 365 days away (default 7 days). */
  @Post('groups/:id/members/:userId/mute')
  @HttpCode(200)
  mute(@Param('id', groupIdPipe) id: string, @Param('userId', userIdPipe) userId: string, @Body() body: MuteDto, @CurrentUser() user: User, @Req() req: Request) {
    return this.commands.execute(new MuteMember({ groupId: id, userId, until: body?.until ?? undefined, actor: user, metadata: commandMetadata(req) }));
  }

  /** 204: the member may post again (also when not muted). */
  @Delete('groups/:id/members/:userId/mute')
  @HttpCode(204)
  async unmute(@Param('id', groupIdPipe) id: string, @Param('userId', userIdPipe) userId: string, @CurrentUser() user: User, @Req() req: Request): Promise<void> {
    await this.commands.execute(new MuteMember({ groupId: id, userId, until: false, actor: user, metadata: commandMetadata(req) }));
  }
}
