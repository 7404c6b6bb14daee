import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { CareDirectoryEvent } from '../../domain/care-directory';
import { FamilySupportEntity } from './family-support.entity';

/** A deleted resource's row goes (its Restored event brings it back); a removed recipient takes theirs with them. */
@Injectable()
@ReadModelProjection()
export class FamilySupportProjection implements Projection<CareDirectoryEvent | CareRecipientEvent> {
  readonly name = 'care-hub.family-support';
  readonly handles = ['FamilySupportAdded', 'FamilySupportUpdated', 'FamilySupportDeleted', 'FamilySupportRestored', 'CareRecipientRemoved'] as const;
  readonly tables = ['family_support'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareDirectoryEvent | CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'FamilySupportAdded': {
        const { resourceId, addedAt, ...resource } = event.data;
        await em.upsert(FamilySupportEntity, { ...resource, id: resourceId, createdAt: new Date(addedAt), updatedAt: new Date(addedAt) });
        return;
      }
      case 'FamilySupportUpdated': {
        const { resourceId, childId: _childId, updatedAt, ...details } = event.data;
        await em.nativeUpdate(FamilySupportEntity, { id: resourceId }, { ...details, updatedAt: new Date(updatedAt) });
        return;
      }
      case 'FamilySupportDeleted':
        await em.nativeDelete(FamilySupportEntity, { id: event.data.resourceId });
        return;
      case 'FamilySupportRestored': {
        const { resourceId, addedAt, restoredAt, ...resource } = event.data;
        await em.upsert(FamilySupportEntity, { ...resource, id: resourceId, createdAt: new Date(addedAt), updatedAt: new Date(restoredAt) });
        return;
      }
      case 'CareRecipientRemoved':
        await em.nativeDelete(FamilySupportEntity, { childId: event.data.childId });
        return;
    }
  }
}
