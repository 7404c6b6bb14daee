import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CareUpdate, CareUpdateInput } from '@carecircle/libs';
import { CareUpdateAccess } from '../../access/care-update-access';
import { CareUpdateChanges } from '../care-update-changes';
import { commandOf } from '../../../../platform/commands/command';

/** A full replace of an update's text, photo and flag (no imageUrl removes the photo). Answers it as the actor sees it. */
export class EditCareUpdate extends commandOf<{ updateId: string; input: CareUpdateInput }, CareUpdate>() {}

/**
 * The request names only the update: its recipient must be one the actor sees (404), and whether
 * the actor is its primary caregiver is passed to the decider, which lets the author or the
 * primary caregiver edit (403 for others).
 */
@CommandHandler(EditCareUpdate)
export class EditCareUpdateHandler implements ICommandHandler<EditCareUpdate> {
  constructor(
    private readonly access: CareUpdateAccess,
    private readonly changes: CareUpdateChanges,
  ) {}

  async execute({ updateId, input, metadata }: EditCareUpdate): Promise<CareUpdate> {
    const child = await this.access.recipientOf(metadata.actorId, updateId);
    const actorIsPrimary = child.primaryCaregiverId === metadata.actorId;
    await this.changes.change({ type: 'EditCareUpdate', childId: child.id, data: { updateId, input, actorIsPrimary }, metadata });
    return this.changes.answer(metadata.actorId, updateId);
  }
}
