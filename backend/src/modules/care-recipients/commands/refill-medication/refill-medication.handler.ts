import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { careRecipientStream } from '../../domain/care-recipient';
import { careRecipientDecider } from '../../domain/care-recipient.decide';
import { MedicationStockQuery } from '../../read-models/medication-stock/medication-stock.query';
import { MedicationsQuery } from '../../read-models/medications/medications.query';

const medicationNotFound = () => new DomainError('CARE_RECIPIENTS.MEDICATION_NOT_FOUND', 'not_found', 'Medication not found');

/** POST /api/medications/{id}/refill: the route names only the medication. */
export class RefillMedication {
  constructor(
    readonly medicationId: string,
    readonly amount: number,
    readonly metadata: CommandMetadata,
  ) {}
}

/**
 * Finds the medication's recipient, reads the stock shown and the scheduled rate (the refill
 * re-arms the reminder when the stock after it covers the reminder's days), and lets the decider
 * judge access (another family: 404; view only: 403) and the amount. Answers the recipient's id.
 */
@CommandHandler(RefillMedication)
export class RefillMedicationHandler implements ICommandHandler<RefillMedication, string> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly medications: MedicationsQuery,
    private readonly stock: MedicationStockQuery,
  ) {}

  async execute({ medicationId, amount, metadata }: RefillMedication): Promise<string> {
    const childId = await this.medications.childOf(medicationId);
    if (!childId) throw medicationNotFound();
    const figures = await this.stock.forMedication(medicationId, new Date(metadata.occurredAt));
    const observed = { stock: figures?.stock ?? null, dosesPerDay: figures?.dosesPerDay ?? 0 };
    try {
      await this.streams.execute(careRecipientStream(childId), careRecipientDecider, { type: 'RefillMedication', data: { medicationId, amount, observed }, metadata });
    } catch (error) {
      // Another family's medication reads exactly like an unknown one.
      if (error instanceof DomainError && error.code === 'CARE_RECIPIENTS.NOT_FOUND') throw medicationNotFound();
      throw error;
    }
    return childId;
  }
}
