import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { PersonalData } from '../../platform/privacy/personal-data';
import { careRecipientPersonalData } from './care-recipients.personal-data';
import { CqrsModule } from '@nestjs/cqrs';
import { ChildAccessGuard } from './access/child-access.guard';
import { AddCareRecipientHandler } from './commands/add-care-recipient/add-care-recipient.handler';
import { AddCareRecipientController } from './commands/add-care-recipient/add-care-recipient.http';
import { AddMedicationHandler } from './commands/add-medication/add-medication.handler';
import { AddMedicationController } from './commands/add-medication/add-medication.http';
import { CareRecipientChanges } from './commands/care-recipient-changes';
import { EnsureMedicationsHandler } from './commands/ensure-medications/ensure-medications.handler';
import { ExecuteCareRecipientCommandHandler } from './commands/execute-care-recipient-command';
import { RemoveCareRecipientHandler } from './commands/remove-care-recipient/remove-care-recipient.handler';
import { RemoveCareRecipientController } from './commands/remove-care-recipient/remove-care-recipient.http';
import { RemoveMedicationHandler } from './commands/remove-medication/remove-medication.handler';
import { RemoveMedicationController } from './commands/remove-medication/remove-medication.http';
import { UpdateCareRecipientHandler } from './commands/update-care-recipient/update-care-recipient.handler';
import { UpdateCareRecipientController } from './commands/update-care-recipient/update-care-recipient.http';
import { UpdateMedicationHandler } from './commands/update-medication/update-medication.handler';
import { UpdateMedicationController } from './commands/update-medication/update-medication.http';
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
  controllers: [
    ChildrenReadController,
    AddCareRecipientController,
    UpdateCareRecipientController,
    RemoveCareRecipientController,
    MedicationsReadController,
    AddMedicationController,
    UpdateMedicationController,
    RemoveMedicationController,
    RefillMedicationController,
  ],
  providers: [
    CareRecipientChanges,
    AddCareRecipientHandler,
    UpdateCareRecipientHandler,
    RemoveCareRecipientHandler,
    AddMedicationHandler,
    UpdateMedicationHandler,
    RemoveMedicationHandler,
    EnsureMedicationsHandler,
    ExecuteCareRecipientCommandHandler,
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
