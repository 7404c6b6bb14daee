import { Injectable } from '@nestjs/common';
import type { CareUpdate } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { CareUpdateAccess } from '../access/care-update-access';
import { careUpdateStreams } from '../domain/care-updates';
import { careUpdatesDeciderAfter, type CareUpdateCommand } from '../domain/care-updates.decide';
import { CareUpdatesQuery } from '../read-models/care-updates/care-updates.query';
import { CareUpdateStreams } from '../streams/care-update-streams';

type Change = Extract<CareUpdateCommand, { type: 'EditCareUpdate' | 'RemoveCareUpdate' }>;

/**
 * What the journal's use cases share once each has found the recipient (CareUpdateAccess): the
 * change goes to a bounded stream (careUpdateStreams), where the decider holds the rules (and waits
 * for the projections), and an update is answered as the actor now sees it.
 */
@Injectable()
export class CareUpdateChanges {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly read: CareUpdateStreams,
    private readonly access: CareUpdateAccess,
    private readonly updates: CareUpdatesQuery,
  ) {}

  /**
   * Decided on the author's day before and day, appended to the day's stream. The day before's is
   * read once: only a post made at the same moment across midnight could be missed, one more at most.
   */
  async post(command: Extract<CareUpdateCommand, { type: 'PostCareUpdate' }>): Promise<void> {
    const { childId, metadata } = command;
    const authorId = metadata.actorId ?? ''; // none: the decider refuses it before any append
    const dayBefore = await this.read.dayBefore(childId, authorId, metadata.occurredAt);
    await this.streams.execute(careUpdateStreams.day(childId, authorId, metadata.occurredAt), careUpdatesDeciderAfter(dayBefore), command);
  }

  /** Decided on the update's post (and legacy events) and its own stream, appended to its own stream. */
  async change(command: Change): Promise<void> {
    const { updateId } = command.data;
    const before = await this.read.beforeOwnStream(updateId);
    await this.streams.execute(careUpdateStreams.update(updateId), careUpdatesDeciderAfter(before), command);
  }

  /** Update `updateId` as `userId` sees it (whether they may change it: theirs, or they are the primary caregiver). */
  async answer(userId: string | null, updateId: string): Promise<CareUpdate> {
    const child = await this.access.recipientOf(userId, updateId);
    return (await this.updates.byId(updateId, { userId: userId!, isPrimary: child.primaryCaregiverId === userId }))!;
  }
}
