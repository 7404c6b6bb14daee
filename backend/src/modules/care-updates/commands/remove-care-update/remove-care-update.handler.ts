import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CareUpdateAccess } from '../../access/care-update-access';
import { CareUpdateChanges } from '../care-update-changes';
import { commandOf } from '../../../../platform/commands/command';

/** Removes an update from the journal (its history stays); a second removal is not found. */
export class RemoveCareUpdate extends commandOf<{ updateId: string }>() {}

/** As EditCareUpdate: the recipient must be one the actor sees (404); the author or the primary caregiver may remove (403). */
@CommandHandler(RemoveCareUpdate)
export class RemoveCareUpdateHandler implements ICommandHandler<RemoveCareUpdate> {
  constructor(
    private readonly access: CareUpdateAccess,
    private readonly changes: CareUpdateChanges,
  ) {}

  async execute({ updateId, metadata }: RemoveCareUpdate): Promise<void> {
    const child = await this.access.recipientOf(metadata.actorId, updateId);
    const actorIsPrimary = child.primaryCaregiverId === metadata.actorId;
    await this.changes.change({ type: 'RemoveCareUpdate', childId: child.id, data: { updateId, actorIsPrimary }, metadata });
  }
}
