import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { COMMUNITY_TEXT, type GroupDetail, type SupportGroup, type User } from '@carecircle/libs';
import { groupIdPipe } from '../../commands/group-id';
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

  /** One group with the caller's role, mute and whether they moderate; non-members too (name, rules, the join button). */
  @Get('groups/:id')
  async detail(@Param('id', groupIdPipe) id: string, @CurrentUser() user: User): Promise<GroupDetail> {
    const group = await this.groups.detail(user.id, id, user.role === 'super_admin');
    if (!group) throw new NotFoundException({ message: COMMUNITY_TEXT.groupNotFound, code: 'COMMUNITY.GROUP_NOT_FOUND' });
    return group;
  }

  @Get('user/groups')
  mine(@CurrentUser() user: User): Promise<SupportGroup[]> {
    return this.groups.joinedBy(user.id);
  }
}
