import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Medication, MedicationInput } from '@carecircle/libs';
import { MedicationsQuery } from '../../read-models/medications/medications.query';
import { CareRecipientChanges } from '../care-recipient-changes';
import { commandOf } from '../../../../platform/commands/command';

/** A medication's details (only the fields sent); a `stock` sets the stock (a count). Answers the medication. */
export class UpdateMedication extends commandOf<{ childId: string; medicationId: string; input: Partial<MedicationInput> }, Medication>() {}

/** A stock count judges the refill reminder by the rate the read model shows (docs/notifications.md). */
@CommandHandler(UpdateMedication)
export class UpdateMedicationHandler implements ICommandHandler<UpdateMedication> {
  constructor(
    private readonly changes: CareRecipientChanges,
    private readonly medications: MedicationsQuery,
  ) {}

  async execute({ childId, medicationId, input, metadata }: UpdateMedication): Promise<Medication> {
    const observed = input.stock !== undefined ? await this.changes.observedStock(medicationId, metadata.occurredAt) : undefined;
    await this.changes.record(childId, { type: 'UpdateMedication', data: { medicationId, input, observed }, metadata });
    return (await this.medications.byId(childId, medicationId))!;
  }
}
