import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity';
import { CreateGroupHandler } from './commands/create-group/create-group.handler';
import { CreateGroupsAtStart } from './commands/create-group/create-groups-at-start';
import { JoinGroupHandler } from './commands/join-group/join-group.handler';
import { JoinGroupController } from './commands/join-group/join-group.http';
import { LeaveGroupHandler } from './commands/leave-group/leave-group.handler';
import { LeaveGroupController } from './commands/leave-group/leave-group.http';
import { GroupsReadController } from './read-models/groups/groups.http';
import { GroupsProjection } from './read-models/groups/groups.projection';
import { GroupsQuery } from './read-models/groups/groups.query';

/**
 * Community (spec document 3, Support Groups; docs/community.md): the seven groups and who is a
 * member. Membership holds no personal data beyond user ids, so nothing is declared personal.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [GroupsReadController, JoinGroupController, LeaveGroupController],
  providers: [CreateGroupHandler, CreateGroupsAtStart, JoinGroupHandler, LeaveGroupHandler, GroupsQuery, GroupsProjection],
})
export class CommunityModule {}
