import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SupportGroup, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { JoinGroup } from './join-group.handler';
import { groupIdPipe } from '../group-id';

/** 200 with the group (isMember true), also when already a member; 404 for an unknown group, 400 for an id that is not one. */
@ApiTags('community')
@Controller()
export class JoinGroupController {
  constructor(private readonly commands: CommandBus) {}

  @Post('groups/:id/join')
  @HttpCode(200)
  join(@Param('id', groupIdPipe) id: string, @CurrentUser() user: User, @Req() req: Request): Promise<SupportGroup> {
    return this.commands.execute(new JoinGroup({ groupId: id, userId: user.id, metadata: commandMetadata(req) }));
  }
}
