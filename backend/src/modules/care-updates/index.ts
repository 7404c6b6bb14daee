/** Care updates' public surface: other modules use only what is exported here. */
import type { CareUpdateEvent } from './domain/care-updates';
import { CareUpdateEntity } from './read-models/care-updates/care-updates.entity';

export { CareUpdatesModule } from './care-updates.module';
export { careUpdatesPersonalData } from './care-updates.personal-data';
export { ExecuteCareUpdateCommand } from './commands/care-update-command.handler';
export type { CareUpdateEvent } from './domain/care-updates';
/** Stored type names of this module's events, for modules that react to them (notifications). */
export type CareUpdateEventType = CareUpdateEvent['type'];
export const CareUpdatesEntities = [CareUpdateEntity];
