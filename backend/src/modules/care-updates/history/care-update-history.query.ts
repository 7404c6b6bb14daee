import { Inject, Injectable } from '@nestjs/common';
import { CARE_UPDATE_TEXT, type CareUpdateVersion } from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store';
import type { RecordedEventOf } from '../../../platform/projections/projection';
import { UsersQuery } from '../../identity';
import { careUpdatesStream, type CareUpdateEvent } from '../domain/care-updates';

/**
 * Every version of one update, in order, read from the recipient's stream (not a read model: a
 * removed update keeps its history). Text and photo are decrypted by the store; once the recipient
 * is erased they read as "Erased". Actors' names are today's, "Former caregiver" once erased.
 */
@Injectable()
export class CareUpdateHistoryQuery {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersQuery,
  ) {}

  async versions(childId: string, updateId: string): Promise<CareUpdateVersion[]> {
    const events = (await this.store.readStream(careUpdatesStream(childId))) as RecordedEventOf<CareUpdateEvent>[];
    const own = events.filter((event) => event.data.updateId === updateId);
    const names = await this.users.displayNames(own.flatMap((event) => (event.metadata.actorId ? [event.metadata.actorId] : [])));
    let important = false;
    return own.map((event): CareUpdateVersion => {
      const actorId = event.metadata.actorId;
      const common = {
        actorId,
        actorName: (actorId && names.get(actorId)) || CARE_UPDATE_TEXT.formerCaregiver,
        occurredAt: event.metadata.occurredAt,
        revision: Number(event.revision),
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
