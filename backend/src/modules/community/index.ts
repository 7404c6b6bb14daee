/** Community's public surface: other modules use only what is exported here. */
import type { GroupEvent } from './domain/group';
import type { PostEvent } from './domain/post';
import type { ReactionEvent } from './domain/reaction';
import { GroupEntity, GroupMemberEntity, GroupMuteEntity } from './read-models/groups/groups.entity';
import { GroupCommentEntity, GroupPostEntity, GroupReactionEntity } from './read-models/posts/posts.entity';
import { GroupReportEntity, GroupReportTargetEntity } from './read-models/reports/reports.entity';

export { CommunityModule } from './community.module';
export type { GroupEvent } from './domain/group';
export type { PostEvent } from './domain/post';
export type { ReactionEvent } from './domain/reaction';
export { communityPersonalData } from './community.personal-data';
/** Which groups a user is a member of (live updates judge it at each delivery). */
export { GroupsQuery } from './read-models/groups/groups.query';
/** Stored type names of this module's events, for modules that react to them. */
export type CommunityEventType = (GroupEvent | PostEvent | ReactionEvent)['type'];
export const CommunityEntities = [GroupEntity, GroupMemberEntity, GroupMuteEntity, GroupPostEntity, GroupCommentEntity, GroupReactionEntity, GroupReportEntity, GroupReportTargetEntity];
/** What every start records (the seven groups, once): a store holding only these holds no family's data (seed:demo). */
export const START_UP_EVENT_TYPES: readonly CommunityEventType[] = ['GroupCreated'];
