import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../platform/privacy/personal-data';
import { IdentityModule } from '../identity';
import { GroupAccess } from './access/group-access';
import { communityPersonalData } from './community.personal-data';
import { AddCommentHandler } from './commands/add-comment/add-comment.handler';
import { AddCommentController } from './commands/add-comment/add-comment.http';
import { ChangeMemberRoleHandler } from './commands/change-member-role/change-member-role.handler';
import { ChangeMemberRoleController } from './commands/change-member-role/change-member-role.http';
import { CreateGroupHandler } from './commands/create-group/create-group.handler';
import { CreateGroupsAtStart } from './commands/create-group/create-groups-at-start';
import { CreatePostHandler } from './commands/create-post/create-post.handler';
import { CreatePostController } from './commands/create-post/create-post.http';
import { DismissReportHandler } from './commands/dismiss-report/dismiss-report.handler';
import { DismissReportController } from './commands/dismiss-report/dismiss-report.http';
import { JoinGroupHandler } from './commands/join-group/join-group.handler';
import { JoinGroupController } from './commands/join-group/join-group.http';
import { LeaveGroupHandler } from './commands/leave-group/leave-group.handler';
import { LeaveGroupController } from './commands/leave-group/leave-group.http';
import { MuteMemberHandler } from './commands/mute-member/mute-member.handler';
import { MuteMemberController } from './commands/mute-member/mute-member.http';
import { PinPostHandler } from './commands/pin-post/pin-post.handler';
import { PinPostController } from './commands/pin-post/pin-post.http';
import { RemoveContentHandler } from './commands/remove-content/remove-content.handler';
import { RemoveContentController } from './commands/remove-content/remove-content.http';
import { ReportContentHandler } from './commands/report-content/report-content.handler';
import { ReportContentController } from './commands/report-content/report-content.http';
import { ToggleReactionHandler } from './commands/toggle-reaction/toggle-reaction.handler';
import { ToggleReactionController } from './commands/toggle-reaction/toggle-reaction.http';
import { GroupsReadController } from './read-models/groups/groups.http';
import { GroupsProjection } from './read-models/groups/groups.projection';
import { GroupsQuery } from './read-models/groups/groups.query';
import { PostsReadController } from './read-models/posts/posts.http';
import { PostsProjection } from './read-models/posts/posts.projection';
import { PostsQuery } from './read-models/posts/posts.query';
import { ReportsReadController } from './read-models/reports/reports.http';
import { ReportsProjection } from './read-models/reports/reports.projection';
import { ReportsQuery } from './read-models/reports/reports.query';

/**
 * Community (spec document 3, Support Groups; docs/community.md): the seven groups, who is a
 * member and with which role, and their conversations: posts, comments, reactions, reports and
 * moderation. What members write is personal data of its author (community.personal-data.ts).
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [
    GroupsReadController,
    JoinGroupController,
    LeaveGroupController,
    PostsReadController,
    ReportsReadController,
    CreatePostController,
    AddCommentController,
    ToggleReactionController,
    ReportContentController,
    PinPostController,
    RemoveContentController,
    DismissReportController,
    MuteMemberController,
    ChangeMemberRoleController,
  ],
  providers: [
    GroupAccess,
    CreateGroupHandler,
    CreateGroupsAtStart,
    JoinGroupHandler,
    LeaveGroupHandler,
    CreatePostHandler,
    AddCommentHandler,
    ToggleReactionHandler,
    ReportContentHandler,
    PinPostHandler,
    RemoveContentHandler,
    DismissReportHandler,
    MuteMemberHandler,
    ChangeMemberRoleHandler,
    GroupsQuery,
    GroupsProjection,
    PostsQuery,
    PostsProjection,
    ReportsQuery,
    ReportsProjection,
  ],
})
export class CommunityModule {
  constructor(personalData: PersonalData) {
    personalData.declare(communityPersonalData);
  }
}
