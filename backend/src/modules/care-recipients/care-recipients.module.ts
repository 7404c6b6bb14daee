import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { PersonalData } from '../../platform/privacy/personal-data';
import { careRecipientPersonalData } from './care-recipients.personal-data';
import { CqrsModule } from '@nestjs/cqrs';
import { ChildAccessGuard } from './access/child-access.guard';
import { CareRecipientCommandHandler, CareRecipientsAccountErasure } from './commands/care-recipient-command.handler';
import { CareRecipientsController } from './commands/care-recipients.http';
import { EnsureMedicationsHandler } from './commands/ensure-medications/ensure-medications.handler';
import { MedicationsController } from './commands/medications.http';
import { RefillMedicationHandler } from './commands/refill-medication/refill-medication.handler';
import { RefillMedicationController } from './commands/refill-medication/refill-medication.http';
import { ChildAccessProjection } from './read-models/child-access/child-access.projection';
import { ChildrenProjection } from './read-models/children/children.projection';
import { ChildrenReadController } from './read-models/children/children.http';
import { ChildrenQuery } from './read-models/children/children.query';
import { MedicationStockProjection } from './read-models/medication-stock/medication-stock.projection';
import { MedicationStockQuery } from './read-models/medication-stock/medication-stock.query';
import { MedicationsProjection } from './read-models/medications/medications.projection';
import { MedicationsReadController } from './read-models/medications/medications.http';
import { REFILL_REMINDERS_QUEUE, RefillReminderJob, RefillRemindersWorker } from './workers/refill-reminders.job';
import { MedicationsQuery } from './read-models/medications/medications.query';

@Module({
  imports: [CqrsModule, BullModule.registerQueue({ name: REFILL_REMINDERS_QUEUE })],
  controllers: [ChildrenReadController, CareRecipientsController, MedicationsReadController, MedicationsController, RefillMedicationController],
  providers: [
    CareRecipientCommandHandler,
    CareRecipientsAccountErasure,
    EnsureMedicationsHandler,
    ChildrenQuery,
    MedicationsQuery,
    ChildAccessGuard,
    ChildrenProjection,
    ChildAccessProjection,
    MedicationsProjection,
    MedicationStockProjection,
    MedicationStockQuery,
    RefillMedicationHandler,
    RefillReminderJob,
    RefillRemindersWorker,
  ],
  exports: [ChildrenQuery, MedicationsQuery, ChildAccessGuard, RefillReminderJob],
})
export class CareRecipientsModule {
  constructor(personalData: PersonalData) {
    personalData.declare(careRecipientPersonalData);
  }
}
