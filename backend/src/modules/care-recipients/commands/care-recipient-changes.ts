import { Injectable } from '@nestjs/common';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { careRecipientStream, type CareRecipientEvent, type CareRecipientState } from '../domain/care-recipient';
import { careRecipientDecider, type CareRecipientCommand, type ObservedStock } from '../domain/care-recipient.decide';
import { MedicationStockQuery } from '../read-models/medication-stock/medication-stock.query';

/**
 * What this module's use cases share: every change goes to the recipient's stream, where the decider
 * holds the rules (and waits for the projections, so the answer read after it shows the change).
 */
@Injectable()
export class CareRecipientChanges {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly stock: MedicationStockQuery,
  ) {}

  record(childId: string, command: CareRecipientCommand): Promise<{ events: CareRecipientEvent[]; state: CareRecipientState }> {
    return this.streams.execute(careRecipientStream(childId), careRecipientDecider, command);
  }

  /**
   * The stock the read model shows when the command is given, and the scheduled rate: a count or a
   * refill judges the refill reminder by them (docs/notifications.md).
   */
  async observedStock(medicationId: string, occurredAt: string): Promise<ObservedStock> {
    const figures = await this.stock.forMedication(medicationId, new Date(occurredAt));
    return { stock: figures?.stock ?? null, dosesPerDay: figures?.dosesPerDay ?? 0 };
  }
}
