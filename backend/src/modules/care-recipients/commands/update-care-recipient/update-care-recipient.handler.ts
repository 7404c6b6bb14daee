import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Child, ChildInput } from '@carecircle/libs';
import { ChildrenQuery } from '../../read-models/children/children.query';
import { CareRecipientChanges } from '../care-recipient-changes';
import { commandOf } from '../../../../platform/commands/command';

/** A recipient's details: only the fields sent change. Answers the recipient as the actor's list shows it. */
export class UpdateCareRecipient extends commandOf<{ childId: string; input: ChildInput }, Child>() {}

@CommandHandler(UpdateCareRecipient)
export class UpdateCareRecipientHandler implements ICommandHandler<UpdateCareRecipient> {
  constructor(
    private readonly changes: CareRecipientChanges,
    private readonly children: ChildrenQuery,
  ) {}

  async execute({ childId, input, metadata }: UpdateCareRecipient): Promise<Child> {
    await this.changes.record(childId, { type: 'UpdateCareRecipient', data: { input }, metadata });
    return (await this.children.getFor(metadata.actorId!, childId))!;
  }
}
