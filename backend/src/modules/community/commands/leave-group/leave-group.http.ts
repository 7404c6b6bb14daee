import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { LeaveGroup } from './leave-group.handler';
import { groupIdPipe } from '../group-id';

/** 204; 409 when not a member, 404 for an unknown group, 400 for an id that is not one. */
@ApiTags('community')
@Controller()
export class LeaveGroupController {
  constructor(private readonly commands: CommandBus) {}

  @Delete('groups/:id/leave')
  @HttpCode(204)
  leave(@Param('id', groupIdPipe) id: string, @CurrentUser() user: User, @Req() req: Request): Promise<void> {
    return this.commands.execute(new LeaveGroup({ groupId: id, userId: user.id, metadata: commandMetadata(req) }));
  }
}
