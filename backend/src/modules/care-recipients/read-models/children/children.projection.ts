import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { joinFullName } from '@carecircle/libs';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { BatchRows, columnsOf } from '../../../../platform/projections/batch-rows';
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

  /** Several events at once (applyBatch): what `apply` does, on the batch's rows in memory (BatchRows). */
  async applyBatch(em: EntityManager, events: RecordedEventOf<CareRecipientEvent>[]): Promise<void> {
    const children = new BatchRows('children', 'id');
    await children.load(em, 'id', events.map((event) => event.data.childId));
    for (const event of events) {
      switch (event.type) {
        case 'CareRecipientAdded': {
          const { childId, addedAt, ...details } = event.data;
          const row = columnsOf(em, ChildEntity, {
            ...details,
            id: childId,
            name: joinFullName(details.firstName, details.lastName),
            createdAt: new Date(addedAt),
            updatedAt: new Date(addedAt),
          });
          children.put({ ...(children.get(childId) ?? columnsOf(em, ChildEntity, {}, true)), ...row });
          break;
        }
        case 'CareRecipientUpdated': {
          const { childId, updatedAt, ...changes } = event.data;
          const row = children.get(childId);
          if (!row) break;
          const firstName = changes.firstName ?? (row.first_name as string);
          const lastName = changes.lastName ?? (row.last_name as string);
          children.patch(childId, columnsOf(em, ChildEntity, { ...changes, name: joinFullName(firstName, lastName), updatedAt: new Date(updatedAt) }));
          break;
        }
        case 'CareRecipientRemoved':
          children.delete({ id: event.data.childId });
          break;
      }
    }
    await children.flush(em);
  }
}
