import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CareUpdateInput } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { CareUpdateAccess } from '../access/care-update-access';
import { careUpdatesStream } from '../domain/care-updates';
import { careUpdatesDecider, type CareUpdateCommand } from '../domain/care-updates.decide';

/**
 * A command as a request makes it: a post names its recipient; an edit or removal names only the
 * update, and the handler finds the recipient and whether the actor is its primary caregiver.
 */
export type CareUpdateRequest =
  | Extract<CareUpdateCommand, { type: 'PostCareUpdate' }>
  | { type: 'EditCareUpdate'; data: { updateId: string; input: CareUpdateInput }; metadata: CommandMetadata }
  | { type: 'RemoveCareUpdate'; data: { updateId: string }; metadata: CommandMetadata };

export class ExecuteCareUpdateCommand {
  constructor(readonly request: CareUpdateRequest) {}
}

/** Answers the recipient's id. Any caregiver who sees the recipient may post, view-only ones included (docs/care-updates.md). */
@CommandHandler(ExecuteCareUpdateCommand)
export class CareUpdateCommandHandler implements ICommandHandler<ExecuteCareUpdateCommand, string> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: CareUpdateAccess,
  ) {}

  async execute({ request }: ExecuteCareUpdateCommand): Promise<string> {
    const userId = request.metadata.actorId;
    if (request.type === 'PostCareUpdate') {
      const child = await this.access.recipient(userId, request.childId);
      await this.streams.execute(careUpdatesStream(child.id), careUpdatesDecider, { ...request, childId: child.id });
      return child.id;
    }
    const child = await this.access.recipientOf(userId, request.data.updateId);
    const actorIsPrimary = child.primaryCaregiverId === userId;
    const command: CareUpdateCommand =
      request.type === 'EditCareUpdate'
        ? { ...request, childId: child.id, data: { ...request.data, actorIsPrimary } }
        : { ...request, childId: child.id, data: { ...request.data, actorIsPrimary } };
    await this.streams.execute(careUpdatesStream(child.id), careUpdatesDecider, command);
    return child.id;
  }
}
