import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MedicationInput } from '@carecircle/libs';
import { medicationNamed } from '../../domain/care-recipient';
import { CareRecipientChanges } from '../care-recipient-changes';
import { commandOf } from '../../../../platform/commands/command';

/**
 * The medications a schedule names (other modules send this through index.ts): each the recipient's
 * medication of that name (case and spacing ignored), added when there is none. Answers their ids,
 * in the order given (a name twice gives the same id twice).
 */
export class EnsureMedications extends commandOf<{ childId: string; medications: MedicationInput[] }, string[]>() {}

/**
 * One decision on the recipient's stream, so the names are looked up in the same state the new
 * medications are appended to: a repeated or concurrent request (the optimistic-concurrency retry
 * decides again on the fresh state) never adds a second medication of one name. Access is the
 * decider's (another family: 404; view only: 403).
 */
@CommandHandler(EnsureMedications)
export class EnsureMedicationsHandler implements ICommandHandler<EnsureMedications, string[]> {
  constructor(private readonly changes: CareRecipientChanges) {}

  async execute({ childId, medications, metadata }: EnsureMedications): Promise<string[]> {
    if (medications.length === 0) return [];
    const { state } = await this.changes.record(childId, {
      type: 'EnsureMedications',
      data: { medications: medications.map((input) => ({ medicationId: randomUUID(), input })) },
      metadata,
    });
    return medications.map((input) => medicationNamed(state, input.name)!);
  }
}
