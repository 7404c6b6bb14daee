import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CareRecipientChanges } from '../care-recipient-changes';
import { commandOf } from '../../../../platform/commands/command';

/** A medication off the recipient's list; an unknown one is not found. */
export class RemoveMedication extends commandOf<{ childId: string; medicationId: string }>() {}

@CommandHandler(RemoveMedication)
export class RemoveMedicationHandler implements ICommandHandler<RemoveMedication> {
  constructor(private readonly changes: CareRecipientChanges) {}

  async execute({ childId, medicationId, metadata }: RemoveMedication): Promise<void> {
    await this.changes.record(childId, { type: 'RemoveMedication', data: { medicationId }, metadata });
  }
}
