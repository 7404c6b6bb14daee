import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CareUpdate, CareUpdateInput } from '@carecircle/libs';
import { CareUpdateAccess } from '../../access/care-update-access';
import { CareUpdateChanges } from '../care-update-changes';
import { commandOf } from '../../../../platform/commands/command';

/** A new update in the recipient's journal, by the actor. Answers it as the actor sees it. */
export class PostCareUpdate extends commandOf<{ childId: string; updateId: string; input: CareUpdateInput }, CareUpdate>() {}

/** Any caregiver who sees the recipient may post, view-only ones included (docs/care-updates.md); anyone else: 404. */
@CommandHandler(PostCareUpdate)
export class PostCareUpdateHandler implements ICommandHandler<PostCareUpdate> {
  constructor(
    private readonly access: CareUpdateAccess,
    private readonly changes: CareUpdateChanges,
  ) {}

  async execute({ childId, updateId, input, metadata }: PostCareUpdate): Promise<CareUpdate> {
    const child = await this.access.recipient(metadata.actorId, childId);
    await this.changes.post({ type: 'PostCareUpdate', childId: child.id, data: { updateId, input }, metadata });
    return this.changes.answer(metadata.actorId, updateId);
  }
}
