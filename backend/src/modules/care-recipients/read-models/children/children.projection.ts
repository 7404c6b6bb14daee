import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { joinFullName } from '@carecircle/libs';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../domain/care-recipient';
import { ChildEntity } from './children.entity';

@Injectable()
@ReadModelProjection()
export class ChildrenProjection implements Projection<CareRecipientEvent> {
  readonly name = 'care-recipients.children';
  readonly handles = ['CareRecipientAdded', 'CareRecipientUpdated', 'CareRecipientRemoved'] as const;
  readonly tables = ['children'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'CareRecipientAdded': {
        const { childId, addedAt, ...details } = event.data;
        await em.upsert(ChildEntity, {
          ...details,
          id: childId,
          name: joinFullName(details.firstName, details.lastName),
          createdAt: new Date(addedAt),
          updatedAt: new Date(addedAt),
        });
        return;
      }
      case 'CareRecipientUpdated': {
        const { childId, updatedAt, ...changes } = event.data;
        const row = await em.findOne(ChildEntity, { id: childId });
        if (!row) return;
        const firstName = changes.firstName ?? row.firstName;
        const lastName = changes.lastName ?? row.lastName;
        await em.nativeUpdate(
          ChildEntity,
          { id: childId },
          { ...changes, name: joinFullName(firstName, lastName), updatedAt: new Date(updatedAt) },
        );
        return;
      }
      case 'CareRecipientRemoved':
        await em.nativeDelete(ChildEntity, { id: event.data.childId });
        return;
    }
  }
}
