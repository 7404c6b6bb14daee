import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { GroupRole, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { ChangeRoleDto } from '../community.dto';
import { groupIdPipe, userIdPipe } from '../group-id';
import { ChangeMemberRole } from './change-member-role.handler';

/** 200 `{userId, role}`; super_admin or the group's admin (403 otherwise); someone who is not a member: 404. */
@ApiTags('community')
@Controller()
export class ChangeMemberRoleController {
  constructor(private readonly commands: CommandBus) {}

  @Put('groups/:id/members/:userId/role')
  change(
    @Param('id', groupIdPipe) id: string,
    @Param('userId', userIdPipe) userId: string,
    @Body() body: ChangeRoleDto,
    @CurrentUser() user: User,
    @Req() req: Request,
  ): Promise<{ userId: string; role: GroupRole }> {
    return this.commands.execute(new ChangeMemberRole({ groupId: id, userId, role: body.role, actor: user, metadata: commandMetadata(req) }));
  }
}
