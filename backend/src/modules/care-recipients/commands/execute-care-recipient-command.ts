import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CareRecipientCommand } from '../domain/care-recipient.decide';
import { CareRecipientChanges } from './care-recipient-changes';

/**
 * The decider's commands that need nothing but the recipient's stream: caregiver access (granted by
 * care-team's invitations, changed and revoked by care-team's routes, the CLI's grant-access, tests
 * that share a recipient) and the refill worker's stock-low record. They have no logic of their own
 * to put in a use case (the decider holds all of it), and many callers outside this module send
 * them in this one shape, so they stay one command. Everything else has its use-case folder
 * (add-care-recipient/, update-medication/, ...), and this type does not admit it: adding a
 * recipient counts the caregiver's recipients, a stock count reads the stock shown, removing a
 * recipient erases them, and none of that can be skipped by sending the decider's command here.
 */
export type StreamOnlyCommand = Extract<CareRecipientCommand, { type: 'GrantCaregiverAccess' | 'RevokeCaregiverAccess' | 'ChangeCaregiverAccess' | 'RecordMedicationStockLow' }>;

export class ExecuteCareRecipientCommand extends Command<void> {
  constructor(
    readonly childId: string,
    readonly command: StreamOnlyCommand,
  ) {
    super();
  }
}

@CommandHandler(ExecuteCareRecipientCommand)
export class ExecuteCareRecipientCommandHandler implements ICommandHandler<ExecuteCareRecipientCommand> {
  constructor(private readonly changes: CareRecipientChanges) {}

  async execute({ childId, command }: ExecuteCareRecipientCommand): Promise<void> {
    await this.changes.record(childId, command);
  }
}
