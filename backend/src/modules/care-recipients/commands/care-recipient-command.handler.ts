import { Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { OneAtATime } from '../../../platform/commands/one-at-a-time';
import { Erasure } from '../../../platform/privacy/erasure';
import { careRecipientStream } from '../domain/care-recipient';
import { careRecipientDecider, type CareRecipientCommand } from '../domain/care-recipient.decide';
import { ChildrenQuery } from '../read-models/children/children.query';
import { MedicationStockQuery } from '../read-models/medication-stock/medication-stock.query';

/** Every care-recipient command goes to the recipient's stream; the decider holds the rules. */
export class ExecuteCareRecipientCommand {
  constructor(
    readonly childId: string,
    readonly command: CareRecipientCommand,
  ) {}
}

/**
 * Removing a recipient also erases them: their data key is destroyed (docs/privacy.md). Adding one
 * counts the caregiver's recipients and appends in the caregiver's turn (OneAtATime), so parallel
 * requests cannot pass the recipients limit together.
 */
@CommandHandler(ExecuteCareRecipientCommand)
export class CareRecipientCommandHandler implements ICommandHandler<ExecuteCareRecipientCommand> {
  private readonly caregiverTurns = new OneAtATime();

  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly erasure: Erasure,
    private readonly stock: MedicationStockQuery,
    private readonly children: ChildrenQuery,
  ) {}

  async execute(request: ExecuteCareRecipientCommand): Promise<void> {
    const { command } = request;
    if (command.type !== 'AddCareRecipient' || command.metadata.actorId === null) return this.run(request);
    const actorId = command.metadata.actorId;
    return this.caregiverTurns.run(actorId, async () => {
      const ownedRecipients = await this.children.ownedCount(actorId);
      return this.run({ ...request, command: { ...command, data: { ...command.data, ownedRecipients } } });
    });
  }

  private async run({ childId, command }: ExecuteCareRecipientCommand): Promise<void> {
    // A stock count judges the refill reminder by the rate the read model shows (docs/notifications.md).
    if (command.type === 'UpdateMedication' && command.data.input.stock !== undefined && !command.data.observed) {
      const figures = await this.stock.forMedication(command.data.medicationId, new Date(command.metadata.occurredAt));
      command = { ...command, data: { ...command.data, observed: { stock: figures?.stock ?? null, dosesPerDay: figures?.dosesPerDay ?? 0 } } };
    }
    await this.streams.execute(careRecipientStream(childId), careRecipientDecider, command);
    if (command.type === 'RemoveCareRecipient') await this.erasure.erase([childId]);
  }
}

/** Delete Account: the recipients the user owns are removed (and erased), access shared with them ends. */
@Injectable()
export class CareRecipientsAccountErasure {
  constructor(
    erasure: Erasure,
    private readonly commands: CommandBus,
    private readonly children: ChildrenQuery,
  ) {
    erasure.onAccountErasure((userId, metadata) => this.erase(userId, metadata));
  }

  private async erase(userId: string, metadata: CommandMetadata): Promise<void> {
    for (const child of await this.children.listFor(userId)) {
      const command: CareRecipientCommand =
        child.primaryCaregiverId === userId
          ? { type: 'RemoveCareRecipient', data: {}, metadata }
          : { type: 'RevokeCaregiverAccess', data: { userId }, metadata };
      await this.commands.execute(new ExecuteCareRecipientCommand(child.id, command));
    }
  }
}
