/** Community's public surface: other modules use only what is exported here. */
import type { GroupEvent } from './domain/group';
import { GroupEntity, GroupMemberEntity } from './read-models/groups/groups.entity';

export { CommunityModule } from './community.module';
export type { GroupEvent } from './domain/group';
/** Stored type names of this module's events, for modules that react to them. */
export type CommunityEventType = GroupEvent['type'];
export const CommunityEntities = [GroupEntity, GroupMemberEntity];
/** What every start records (the seven groups, once): a store holding only these holds no family's data (seed:demo). */
export const START_UP_EVENT_TYPES: readonly CommunityEventType[] = ['GroupCreated'];
