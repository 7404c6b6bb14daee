import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Medication } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { MedicationsQuery } from '../../read-models/medications/medications.query';
import { CareRecipientChanges } from '../care-recipient-changes';
import { commandOf } from '../../../../platform/commands/command';

const medicationNotFound = () => new DomainError('CARE_RECIPIENTS.MEDICATION_NOT_FOUND', 'not_found', 'Medication not found');

/** POST /api/medications/{id}/refill: the route names only the medication. Answers the medication. */
export class RefillMedication extends commandOf<{ medicationId: string; amount: number }, Medication>() {}

/**
 * Finds the medication's recipient, reads the stock shown and the scheduled rate (the refill
 * re-arms the reminder when the stock after it covers the reminder's days), and lets the decider
 * judge access (another family: 404; view only: 403) and the amount.
 */
@CommandHandler(RefillMedication)
export class RefillMedicationHandler implements ICommandHandler<RefillMedication> {
  constructor(
    private readonly changes: CareRecipientChanges,
    private readonly medications: MedicationsQuery,
  ) {}

  async execute({ medicationId, amount, metadata }: RefillMedication): Promise<Medication> {
    const childId = await this.medications.childOf(medicationId);
    if (!childId) throw medicationNotFound();
    const observed = await this.changes.observedStock(medicationId, metadata.occurredAt);
    try {
      await this.changes.record(childId, { type: 'RefillMedication', data: { medicationId, amount, observed }, metadata });
    } catch (error) {
      // Another family's medication reads exactly like an unknown one.
      if (error instanceof DomainError && error.code === 'CARE_RECIPIENTS.NOT_FOUND') throw medicationNotFound();
      throw error;
    }
    return (await this.medications.byId(childId, medicationId))!;
  }
}
