import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { BatchRows, columnsOf } from '../../../../platform/projections/batch-rows';
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
        // Stock settings are the medication-stock read model's.
        const { medicationId, addedAt, childId, name, dosage, strength, instructions, photoUrl } = event.data;
        await em.upsert(MedicationEntity, {
          childId,
          name,
          dosage,
          strength: strength ?? null,
          instructions,
          photoUrl,
          id: medicationId,
          isActive: true,
          createdAt: new Date(addedAt),
          updatedAt: new Date(addedAt),
        });
        return;
      }
      case 'MedicationUpdated': {
        const { medicationId, updatedAt, name, dosage, strength, instructions, photoUrl } = event.data;
        const changes = Object.fromEntries(Object.entries({ name, dosage, strength, instructions, photoUrl }).filter(([, value]) => value !== undefined));
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

  /** Rebuild: what `apply` does, on the batch's rows in memory (BatchRows). */
  async applyBatch(em: EntityManager, events: RecordedEventOf<CareRecipientEvent>[]): Promise<void> {
    const medications = new BatchRows('medications', 'id');
    await medications.load(em, 'id', events.flatMap((event) => ('medicationId' in event.data ? [event.data.medicationId] : [])));
    await medications.load(em, 'child_id', events.flatMap((event) => (event.type === 'CareRecipientRemoved' ? [event.data.childId] : [])));
    for (const event of events) {
      switch (event.type) {
        case 'MedicationAdded': {
          const { medicationId, addedAt, childId, name, dosage, strength, instructions, photoUrl } = event.data;
          const row = columnsOf(em, MedicationEntity, {
            childId, name, dosage, strength: strength ?? null, instructions, photoUrl, id: medicationId, isActive: true,
            createdAt: new Date(addedAt), updatedAt: new Date(addedAt),
          });
          medications.put({ ...(medications.get(medicationId) ?? columnsOf(em, MedicationEntity, {}, true)), ...row });
          break;
        }
        case 'MedicationUpdated': {
          const { medicationId, updatedAt, name, dosage, strength, instructions, photoUrl } = event.data;
          medications.patch(medicationId, columnsOf(em, MedicationEntity, { name, dosage, strength, instructions, photoUrl, updatedAt: new Date(updatedAt) }));
          break;
        }
        case 'MedicationRemoved':
          medications.delete({ id: event.data.medicationId });
          break;
        case 'CareRecipientRemoved':
          for (const row of medications.filter((medication) => medication.child_id === event.data.childId)) medications.delete(row);
          break;
      }
    }
    await medications.flush(em);
  }
}
