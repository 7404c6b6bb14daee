import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { CareRecipientChanges } from '../care-recipient-changes';

/** A medication off the recipient's list; an unknown one is not found. */
export class RemoveMedication extends Command<void> {
  constructor(
    readonly childId: string,
    readonly medicationId: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(RemoveMedication)
export class RemoveMedicationHandler implements ICommandHandler<RemoveMedication> {
  constructor(private readonly changes: CareRecipientChanges) {}

  async execute({ childId, medicationId, metadata }: RemoveMedication): Promise<void> {
    await this.changes.record(childId, { type: 'RemoveMedication', data: { medicationId }, metadata });
  }
}
