import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../platform/privacy/personal-data';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { CareHubFamilies } from './access/care-hub-families';
import { careHubPersonalData } from './care-hub.personal-data';
import { CareDirectoryCommandHandler } from './commands/care-directory-command.handler';
import { DoctorsController } from './commands/doctors.http';
import { EmergencyContactCommandHandler } from './commands/emergency-contact-command.handler';
import { EmergencyContactsController } from './commands/emergency-contacts.http';
import { FamilySupportController } from './commands/family-support.http';
import { DoctorsReadController } from './read-models/doctors/doctors.http';
import { DoctorsProjection } from './read-models/doctors/doctors.projection';
import { DoctorsQuery } from './read-models/doctors/doctors.query';
import { EmergencyContactsReadController } from './read-models/emergency-contacts/emergency-contacts.http';
import { EmergencyContactsProjection } from './read-models/emergency-contacts/emergency-contacts.projection';
import { EmergencyContactsQuery } from './read-models/emergency-contacts/emergency-contacts.query';
import { FamilySupportReadController } from './read-models/family-support/family-support.http';
import { FamilySupportProjection } from './read-models/family-support/family-support.projection';
import { FamilySupportQuery } from './read-models/family-support/family-support.query';

/** The Care Hub (spec document 3): a family's emergency contacts, each recipient's doctors and family support (docs/care-hub.md). */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule],
  controllers: [
    EmergencyContactsReadController,
    EmergencyContactsController,
    DoctorsReadController,
    DoctorsController,
    FamilySupportReadController,
    FamilySupportController,
  ],
  providers: [
    CareHubFamilies,
    EmergencyContactCommandHandler,
    CareDirectoryCommandHandler,
    EmergencyContactsQuery,
    DoctorsQuery,
    FamilySupportQuery,
    EmergencyContactsProjection,
    DoctorsProjection,
    FamilySupportProjection,
  ],
  /** The notifications module emails a family's emergency contacts in urgent escalations (emailsOf). */
  exports: [EmergencyContactsQuery],
})
export class CareHubModule {
  constructor(personalData: PersonalData) {
    personalData.declare(careHubPersonalData);
  }
}
