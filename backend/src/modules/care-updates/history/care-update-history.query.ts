import { Injectable } from '@nestjs/common';
import { CARE_UPDATE_TEXT, type CareUpdateVersion } from '@carecircle/libs';
import { UsersQuery } from '../../identity';
import { CareUpdateStreams } from '../streams/care-update-streams';

/**
 * Every version of one update, in order, read from its post's stream and its own stream (not a read
 * model: a removed update keeps its history), at most 52 events whatever the journal holds (the
 * legacy stream only for an update posted there). Text and photo are decrypted by the store; once
 * the recipient is erased they read as "Erased". Actors' names are today's, "Former caregiver" once
 * erased. `revision` numbers the versions from 0 (the post): its events are in two streams, so
 * neither stream's revision would do.
 */
@Injectable()
export class CareUpdateHistoryQuery {
  constructor(
    private readonly streams: CareUpdateStreams,
    private readonly users: UsersQuery,
  ) {}

  async versions(updateId: string): Promise<CareUpdateVersion[]> {
    const own = await this.streams.ofUpdate(updateId);
    const names = await this.users.displayNames(own.flatMap((event) => (event.metadata.actorId ? [event.metadata.actorId] : [])));
    let important = false;
    return own.map((event, revision): CareUpdateVersion => {
      const actorId = event.metadata.actorId;
      const common = {
        actorId,
        actorName: (actorId && names.get(actorId)) || CARE_UPDATE_TEXT.formerCaregiver,
        occurredAt: event.metadata.occurredAt,
        revision,
      };
      switch (event.type) {
        case 'CareUpdatePosted':
        case 'CareUpdateEdited': {
          const { text, imageUrl } = event.data;
          important = event.data.important;
          return { type: event.type === 'CareUpdatePosted' ? 'posted' : 'edited', text, imageUrl, important, ...common };
        }
        case 'CareUpdateRemoved':
          return { type: 'removed', text: null, imageUrl: null, important, ...common };
      }
    });
  }
}
