/** Care updates' public surface: other modules use only what is exported here. */
import type { CareUpdateEvent } from './domain/care-updates';
import { CareUpdateEntity } from './read-models/care-updates/care-updates.entity';

export { CareUpdatesModule } from './care-updates.module';
export { careUpdatesPersonalData } from './care-updates.personal-data';
/** Posting, editing and removing an update, as the routes do (each checks who may, then the decider's rules). */
export { PostCareUpdate } from './commands/post-care-update/post-care-update.handler';
export { EditCareUpdate } from './commands/edit-care-update/edit-care-update.handler';
export { RemoveCareUpdate } from './commands/remove-care-update/remove-care-update.handler';
/** A recipient's updates, a page at a time (the data export reads them too). */
export { CareUpdatesQuery } from './read-models/care-updates/care-updates.query';
export type { CareUpdateEvent } from './domain/care-updates';
/** Stored type names of this module's events, for modules that react to them (notifications). */
export type CareUpdateEventType = CareUpdateEvent['type'];
export const CareUpdatesEntities = [CareUpdateEntity];
