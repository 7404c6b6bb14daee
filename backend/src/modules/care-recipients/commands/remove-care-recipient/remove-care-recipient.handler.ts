import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { Erasure } from '../../../../platform/privacy/erasure';
import { ChildrenQuery } from '../../read-models/children/children.query';
import { CareRecipientChanges } from '../care-recipient-changes';
import { ExecuteCareRecipientCommand } from '../execute-care-recipient-command';
import { commandOf } from '../../../../platform/commands/command';

/** Only the primary caregiver removes a recipient, with their medications. */
export class RemoveCareRecipient extends commandOf<{ childId: string }>() {}

/**
 * Removing a recipient also erases them: their data key is destroyed (docs/privacy.md). Delete
 * Account (this module's erasure step) removes the recipients the user owns the same way, and ends
 * the access shared with them.
 */
@CommandHandler(RemoveCareRecipient)
export class RemoveCareRecipientHandler implements ICommandHandler<RemoveCareRecipient> {
  constructor(
    private readonly changes: CareRecipientChanges,
    private readonly erasure: Erasure,
    private readonly commands: CommandBus,
    private readonly children: ChildrenQuery,
  ) {
    erasure.onAccountErasure((userId, metadata) => this.eraseAccount(userId, metadata));
  }

  async execute({ childId, metadata }: RemoveCareRecipient): Promise<void> {
    await this.changes.record(childId, { type: 'RemoveCareRecipient', data: {}, metadata });
    await this.erasure.erase([childId]);
  }

  private async eraseAccount(userId: string, metadata: CommandMetadata): Promise<void> {
    for (const child of await this.children.listFor(userId)) {
      await this.commands.execute(
        child.primaryCaregiverId === userId
          ? new RemoveCareRecipient({ childId: child.id, metadata })
          : new ExecuteCareRecipientCommand(child.id, { type: 'RevokeCaregiverAccess', data: { userId }, metadata }),
      );
    }
  }
}
