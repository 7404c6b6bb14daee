import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../platform/privacy/personal-data';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { CareHubFamilies } from './access/care-hub-families';
import { ContactScopes } from './access/contact-scopes';
import { careHubPersonalData } from './care-hub.personal-data';
import { AddContactHandler } from './commands/add-contact/add-contact.handler';
import { AddContactController } from './commands/add-contact/add-contact.http';
import { ContactChanges } from './commands/contact-changes';
import { DeleteContactHandler } from './commands/delete-contact/delete-contact.handler';
import { DeleteContactController } from './commands/delete-contact/delete-contact.http';
import { RestoreContactHandler } from './commands/restore-contact/restore-contact.handler';
import { RestoreContactController } from './commands/restore-contact/restore-contact.http';
import { UpdateContactHandler } from './commands/update-contact/update-contact.handler';
import { UpdateContactController } from './commands/update-contact/update-contact.http';
import { ContactsReadController } from './read-models/contacts/contacts.http';
import { DoctorsProjection, EmergencyContactsProjection, FamilySupportProjection } from './read-models/contacts/contacts.projection';
import { ContactsQuery, EmergencyContactsQuery } from './read-models/contacts/contacts.query';

/**
 * The Care Hub (spec document 3): one directory of people in three kinds, a family's emergency
 * contacts and each recipient's doctors and family support (docs/care-hub.md).
 */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule],
  controllers: [ContactsReadController, AddContactController, UpdateContactController, DeleteContactController, RestoreContactController],
  providers: [
    CareHubFamilies,
    ContactScopes,
    ContactChanges,
    AddContactHandler,
    UpdateContactHandler,
    DeleteContactHandler,
    RestoreContactHandler,
    ContactsQuery,
    EmergencyContactsQuery,
    EmergencyContactsProjection,
    DoctorsProjection,
    FamilySupportProjection,
  ],
  /** The reports module's data export reads the lists. The notifications module emails a family's emergency contacts in urgent escalations (emailsOf). */
  exports: [EmergencyContactsQuery, ContactsQuery, CareHubFamilies],
})
export class CareHubModule {
  constructor(personalData: PersonalData) {
    personalData.declare(careHubPersonalData);
  }
}
