import { Injectable } from '@nestjs/common';
import type { CareUpdate } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { CareUpdateAccess } from '../access/care-update-access';
import { careUpdatesStream } from '../domain/care-updates';
import { careUpdatesDecider, type CareUpdateCommand } from '../domain/care-updates.decide';
import { CareUpdatesQuery } from '../read-models/care-updates/care-updates.query';

/**
 * What the journal's use cases share once each has found the recipient (CareUpdateAccess): the
 * change goes to the recipient's stream, where the decider holds the rules (and waits for the
 * projections), and an update is answered as the actor now sees it.
 */
@Injectable()
export class CareUpdateChanges {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly access: CareUpdateAccess,
    private readonly updates: CareUpdatesQuery,
  ) {}

  async record(command: CareUpdateCommand): Promise<void> {
    await this.streams.execute(careUpdatesStream(command.childId), careUpdatesDecider, command);
  }

  /** Update `updateId` as `userId` sees it (whether they may change it: theirs, or they are the primary caregiver). */
  async answer(userId: string | null, updateId: string): Promise<CareUpdate> {
    const child = await this.access.recipientOf(userId, updateId);
    return (await this.updates.byId(updateId, { userId: userId!, isPrimary: child.primaryCaregiverId === userId }))!;
  }
}
