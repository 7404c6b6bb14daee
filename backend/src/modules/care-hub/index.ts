/** Care Hub's public surface: other modules use only what is exported here. */
import type { CareDirectoryEvent } from './domain/care-directory';
import type { EmergencyContactEvent } from './domain/emergency-contacts';
import { DoctorEntity } from './read-models/doctors/doctors.entity';
import { EmergencyContactEntity } from './read-models/emergency-contacts/emergency-contacts.entity';
import { FamilySupportEntity } from './read-models/family-support/family-support.entity';

export { CareHubModule } from './care-hub.module';
export { careHubPersonalData } from './care-hub.personal-data';
export { ExecuteEmergencyContactCommand } from './commands/emergency-contact-command.handler';
export { ExecuteCareDirectoryCommand } from './commands/care-directory-command.handler';
/** `emailsOf(familyId)`: where urgent escalations email a family's emergency contacts. */
export { EmergencyContactsQuery, type EmergencyContactAddress } from './read-models/emergency-contacts/emergency-contacts.query';
export type { CareDirectoryEvent } from './domain/care-directory';
export type { EmergencyContactEvent } from './domain/emergency-contacts';
/** Stored type names of this module's events, for modules that react to them. */
export type CareHubEventType = EmergencyContactEvent['type'] | CareDirectoryEvent['type'];
export const CareHubEntities = [EmergencyContactEntity, DoctorEntity, FamilySupportEntity];
