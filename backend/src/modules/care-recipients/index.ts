/** Care recipients' public surface: other modules use only what is exported here. */
import type { CareRecipientEvent } from './domain/care-recipient';
import { ChildAccessEntity } from './read-models/child-access/child-access.entity';
import { ChildEntity } from './read-models/children/children.entity';
import { MedicationEntity } from './read-models/medications/medications.entity';
import { MedicationStockEntity, MedicationStockScheduleEntity, MedicationStockTaskEntity } from './read-models/medication-stock/medication-stock.entity';

export { careRecipientPersonalData } from './care-recipients.personal-data';
export { CareRecipientsModule } from './care-recipients.module';
export { ChildAccess, ChildAccessGuard } from './access/child-access.guard';
export { ChildrenQuery, prefetchedChild, recipientAccessPrefetch, type RecipientOf } from './read-models/children/children.query';
export { MedicationsQuery } from './read-models/medications/medications.query';
/** The refill-reminder worker's core (tests and tools run it at a chosen time). */
export { RefillReminderJob } from './workers/refill-reminders.job';
/** Caregiver access and the stock-low record: the commands that need only the recipient's stream (see the file). */
export { ExecuteCareRecipientCommand } from './commands/execute-care-recipient-command';
/** For the demo seed (cli/demo-family.ts), which adds recipients and medications as the routes do. */
export { AddCareRecipient } from './commands/add-care-recipient/add-care-recipient.handler';
export { AddMedication } from './commands/add-medication/add-medication.handler';
/** A schedule's medications by name: found, or added (issue 21). */
export { EnsureMedications } from './commands/ensure-medications/ensure-medications.handler';
export type { CareRecipientEvent } from './domain/care-recipient';
/** Stored type names of this module's events, for modules that react to them. */
export type CareRecipientEventType = CareRecipientEvent['type'];
/** Recorded once per refill cycle when a medication's stock runs low: what push and email reminders react to. */
export type MedicationStockLowEvent = Extract<CareRecipientEvent, { type: 'MedicationStockLow' }>;
export const CareRecipientsEntities = [ChildEntity, ChildAccessEntity, MedicationEntity, MedicationStockEntity, MedicationStockTaskEntity, MedicationStockScheduleEntity];
