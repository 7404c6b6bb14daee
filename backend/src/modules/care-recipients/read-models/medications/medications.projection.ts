import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../domain/care-recipient';
import { MedicationEntity } from './medications.entity';

@Injectable()
@ReadModelProjection()
export class MedicationsProjection implements Projection<CareRecipientEvent> {
  readonly name = 'care-recipients.medications';
  readonly handles = ['MedicationAdded', 'MedicationUpdated', 'MedicationRemoved', 'CareRecipientRemoved'] as const;
  readonly tables = ['medications'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'MedicationAdded': {
        const { medicationId, addedAt, ...details } = event.data;
        await em.upsert(MedicationEntity, {
          ...details,
          id: medicationId,
          isActive: true,
          createdAt: new Date(addedAt),
          updatedAt: new Date(addedAt),
        });
        return;
      }
      case 'MedicationUpdated': {
        const { medicationId, childId: _childId, updatedAt, ...changes } = event.data;
        await em.nativeUpdate(MedicationEntity, { id: medicationId }, { ...changes, updatedAt: new Date(updatedAt) });
        return;
      }
      case 'MedicationRemoved':
        await em.nativeDelete(MedicationEntity, { id: event.data.medicationId });
        return;
      case 'CareRecipientRemoved':
        await em.nativeDelete(MedicationEntity, { childId: event.data.childId });
        return;
    }
  }
}
