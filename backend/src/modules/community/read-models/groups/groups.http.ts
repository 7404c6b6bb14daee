import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SupportGroup, User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { GroupsQuery } from './groups.query';

/** The spec's two lists: every group, and the caller's own (the same shape). Every signed-in user sees every group. */
@ApiTags('community')
@Controller()
export class GroupsReadController {
  constructor(private readonly groups: GroupsQuery) {}

  @Get('groups')
  list(@CurrentUser() user: User): Promise<SupportGroup[]> {
    return this.groups.all(user.id);
  }

  @Get('user/groups')
  mine(@CurrentUser() user: User): Promise<SupportGroup[]> {
    return this.groups.joinedBy(user.id);
  }
}
