/** Care recipients' public surface: other modules use only what is exported here. */
import type { CareRecipientEvent } from './domain/care-recipient';
import { ChildAccessEntity } from './read-models/child-access/child-access.entity';
import { ChildEntity } from './read-models/children/children.entity';
import { MedicationEntity } from './read-models/medications/medications.entity';

export { careRecipientPersonalData } from './care-recipients.personal-data';
export { CareRecipientsModule } from './care-recipients.module';
export { ChildAccess, ChildAccessGuard } from './access/child-access.guard';
export { ChildrenQuery } from './read-models/children/children.query';
export { MedicationsQuery } from './read-models/medications/medications.query';
export { ExecuteCareRecipientCommand } from './commands/care-recipient-command.handler';
export type { CareRecipientEvent } from './domain/care-recipient';
/** Stored type names of this module's events, for modules that react to them. */
export type CareRecipientEventType = CareRecipientEvent['type'];
export const CareRecipientsEntities = [ChildEntity, ChildAccessEntity, MedicationEntity];
