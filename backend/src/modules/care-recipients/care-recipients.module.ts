import { Module } from '@nestjs/common';
import { PersonalData } from '../../platform/privacy/personal-data';
import { careRecipientPersonalData } from './care-recipients.personal-data';
import { CqrsModule } from '@nestjs/cqrs';
import { ChildAccessGuard } from './access/child-access.guard';
import { CareRecipientCommandHandler, CareRecipientsAccountErasure } from './commands/care-recipient-command.handler';
import { CareRecipientsController } from './commands/care-recipients.http';
import { MedicationsController } from './commands/medications.http';
import { ChildAccessProjection } from './read-models/child-access/child-access.projection';
import { ChildrenProjection } from './read-models/children/children.projection';
import { ChildrenReadController } from './read-models/children/children.http';
import { ChildrenQuery } from './read-models/children/children.query';
import { MedicationsProjection } from './read-models/medications/medications.projection';
import { MedicationsReadController } from './read-models/medications/medications.http';
import { MedicationsQuery } from './read-models/medications/medications.query';

@Module({
  imports: [CqrsModule],
  controllers: [ChildrenReadController, CareRecipientsController, MedicationsReadController, MedicationsController],
  providers: [
    CareRecipientCommandHandler,
    CareRecipientsAccountErasure,
    ChildrenQuery,
    MedicationsQuery,
    ChildAccessGuard,
    ChildrenProjection,
    ChildAccessProjection,
    MedicationsProjection,
  ],
  exports: [ChildrenQuery, MedicationsQuery, ChildAccessGuard],
})
export class CareRecipientsModule {
  constructor(personalData: PersonalData) {
    personalData.declare(careRecipientPersonalData);
  }
}
