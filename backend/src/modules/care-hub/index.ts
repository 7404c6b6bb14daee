/** Care Hub's public surface: other modules use only what is exported here. */
import type { ContactEvent } from './domain/contacts';
import { CONTACT_TABLES } from './read-models/contacts/contacts.entity';

export { CareHubModule } from './care-hub.module';
export { careHubPersonalData } from './care-hub.personal-data';
export { AddContact } from './commands/add-contact/add-contact.handler';
export { ExecuteCareDirectoryCommand, ExecuteEmergencyContactCommand } from './commands/add-contact/legacy-add-commands';
/** `emailsOf(familyId)`: where urgent escalations email a family's emergency contacts. */
/** The lists and whose families a user sees: what the data export reads (modules/reports). */
export { ContactsQuery } from './read-models/contacts/contacts.query';
export { CareHubFamilies } from './access/care-hub-families';
export { EmergencyContactsQuery, type EmergencyContactAddress } from './read-models/contacts/contacts.query';
export type { CareDirectoryEvent, ContactEvent, EmergencyContactEvent } from './domain/contacts';
/** Stored type names of this module's events, for modules that react to them. */
export type CareHubEventType = ContactEvent['type'];
export const CareHubEntities = Object.values(CONTACT_TABLES);
