/** Care recipients' public surface: other modules use only what is exported here. */
import { ChildAccessEntity } from './read-models/child-access/child-access.entity';
import { ChildEntity } from './read-models/children/children.entity';
import { MedicationEntity } from './read-models/medications/medications.entity';

export { CareRecipientsModule } from './care-recipients.module';
export { ChildAccess, ChildAccessGuard } from './access/child-access.guard';
export { ChildrenQuery } from './read-models/children/children.query';
export { ExecuteCareRecipientCommand } from './commands/care-recipient-command.handler';
export const CareRecipientsEntities = [ChildEntity, ChildAccessEntity, MedicationEntity];
