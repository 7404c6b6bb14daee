import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { CareUpdateEvent } from '../../domain/care-updates';
import { CareUpdateEntity } from './care-updates.entity';

/**
 * The journal's rows. A removal keeps the row as a marker without text or photo (the events keep
 * every version); a removed recipient takes all of their updates with them.
 */
@Injectable()
@ReadModelProjection()
export class CareUpdatesProjection implements Projection<CareUpdateEvent | CareRecipientEvent> {
  readonly name = 'care-updates.care-updates';
  /** Open Today screens refetch the recipient's card (GET /api/live). */
  readonly liveTopic = 'care-updates';
  readonly handles = ['CareUpdatePosted', 'CareUpdateEdited', 'CareUpdateRemoved', 'CareRecipientRemoved'] as const;
  readonly tables = ['care_updates'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareUpdateEvent | CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'CareUpdatePosted': {
        const { updateId, childId, authorId, text, imageUrl, important, postedAt } = event.data;
        await em.upsert(CareUpdateEntity, { id: updateId, childId, authorId, text, imageUrl, important, createdAt: new Date(postedAt), editedAt: null, removedAt: null });
        return;
      }
      case 'CareUpdateEdited': {
        const { updateId, text, imageUrl, important, editedAt } = event.data;
        await em.nativeUpdate(CareUpdateEntity, { id: updateId }, { text, imageUrl, important, editedAt: new Date(editedAt) });
        return;
      }
      case 'CareUpdateRemoved':
        await em.nativeUpdate(CareUpdateEntity, { id: event.data.updateId }, { text: null, imageUrl: null, removedAt: new Date(event.data.removedAt) });
        return;
      case 'CareRecipientRemoved':
        await em.nativeDelete(CareUpdateEntity, { childId: event.data.childId });
        return;
    }
  }
}
