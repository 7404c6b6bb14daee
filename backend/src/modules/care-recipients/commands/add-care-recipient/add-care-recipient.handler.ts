import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Child, ChildInput } from '@carecircle/libs';
import { OneAtATime } from '../../../../platform/commands/one-at-a-time';
import { ChildrenQuery } from '../../read-models/children/children.query';
import { CareRecipientChanges } from '../care-recipient-changes';
import { commandOf } from '../../../../platform/commands/command';

/** A new care recipient, its primary caregiver the actor. Answers the recipient as their list shows it. */
export class AddCareRecipient extends commandOf<{ childId: string; input: ChildInput }, Child>() {}

/**
 * Counts the caregiver's recipients and appends in the caregiver's turn (OneAtATime), so parallel
 * requests cannot pass the recipients limit together; the decider judges the count.
 */
@CommandHandler(AddCareRecipient)
export class AddCareRecipientHandler implements ICommandHandler<AddCareRecipient> {
  private readonly caregiverTurns = new OneAtATime();

  constructor(
    private readonly changes: CareRecipientChanges,
    private readonly children: ChildrenQuery,
  ) {}

  async execute({ childId, input, metadata }: AddCareRecipient): Promise<Child> {
    const { actorId } = metadata;
    const add = (ownedRecipients: number) => this.changes.record(childId, { type: 'AddCareRecipient', data: { childId, input, ownedRecipients }, metadata });
    // Without an actor the decider refuses it (nobody's turn to take).
    if (actorId === null) await add(0);
    else await this.caregiverTurns.run(actorId, async () => add(await this.children.ownedCount(actorId)));
    return (await this.children.getFor(actorId!, childId))!;
  }
}
