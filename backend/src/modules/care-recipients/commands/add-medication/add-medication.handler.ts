import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Medication, MedicationInput } from '@carecircle/libs';
import { MedicationsQuery } from '../../read-models/medications/medications.query';
import { CareRecipientChanges } from '../care-recipient-changes';
import { commandOf } from '../../../../platform/commands/command';

/** A medication of the recipient, its stock settings defaulted. Answers the medication as listed. */
export class AddMedication extends commandOf<{ childId: string; medicationId: string; input: MedicationInput }, Medication>() {}

@CommandHandler(AddMedication)
export class AddMedicationHandler implements ICommandHandler<AddMedication> {
  constructor(
    private readonly changes: CareRecipientChanges,
    private readonly medications: MedicationsQuery,
  ) {}

  async execute({ childId, medicationId, input, metadata }: AddMedication): Promise<Medication> {
    await this.changes.record(childId, { type: 'AddMedication', data: { medicationId, input }, metadata });
    return (await this.medications.byId(childId, medicationId))!;
  }
}
