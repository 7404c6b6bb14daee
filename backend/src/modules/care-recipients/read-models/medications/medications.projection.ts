import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { BatchRows, columnsOf } from '../../../../platform/projections/batch-rows';
import type { CareRecipientEvent } from '../../domain/care-recipient';
import { MedicationEntity } from './medications.entity';

type DataOf<Type extends CareRecipientEvent['type']> = Extract<CareRecipientEvent, { type: Type }>['data'];

/** A new medication's row; its stock settings are the medication-stock read model's. */
function addedRow({ medicationId, addedAt, childId, name, dosage, strength, instructions, photoUrl }: DataOf<'MedicationAdded'>) {
  return { id: medicationId, childId, name, dosage, strength: strength ?? null, instructions, photoUrl, isActive: true, createdAt: new Date(addedAt), updatedAt: new Date(addedAt) };
}

/** What an update changes: the fields it names, and when. */
function updatedFields({ updatedAt, name, dosage, strength, instructions, photoUrl }: DataOf<'MedicationUpdated'>): Partial<MedicationEntity> {
  const named = Object.entries({ name, dosage, strength, instructions, photoUrl }).filter(([, value]) => value !== undefined);
  return { ...Object.fromEntries(named), updatedAt: new Date(updatedAt) };
}

@Injectable()
@ReadModelProjection()
export class MedicationsProjection implements Projection<CareRecipientEvent> {
  readonly name = 'care-recipients.medications';
  readonly handles = ['MedicationAdded', 'MedicationUpdated', 'MedicationRemoved', 'CareRecipientRemoved'] as const;
  readonly tables = ['medications'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'MedicationAdded':
        await em.upsert(MedicationEntity, addedRow(event.data));
        return;
      case 'MedicationUpdated':
        await em.nativeUpdate(MedicationEntity, { id: event.data.medicationId }, updatedFields(event.data));
        return;
      case 'MedicationRemoved':
        await em.nativeDelete(MedicationEntity, { id: event.data.medicationId });
        return;
      case 'CareRecipientRemoved':
        await em.nativeDelete(MedicationEntity, { childId: event.data.childId });
        return;
    }
  }

  /** Several events at once (applyBatch): what `apply` does, on the batch's rows in memory (BatchRows). */
  async applyBatch(em: EntityManager, events: RecordedEventOf<CareRecipientEvent>[]): Promise<void> {
    const medications = new BatchRows('medications', 'id');
    await medications.load(em, 'id', events.flatMap((event) => ('medicationId' in event.data ? [event.data.medicationId] : [])));
    await medications.load(em, 'child_id', events.flatMap((event) => (event.type === 'CareRecipientRemoved' ? [event.data.childId] : [])));
    for (const event of events) {
      switch (event.type) {
        case 'MedicationAdded': {
          const row = columnsOf(em, MedicationEntity, addedRow(event.data));
          medications.put({ ...(medications.get(event.data.medicationId) ?? columnsOf(em, MedicationEntity, {}, true)), ...row });
          break;
        }
        case 'MedicationUpdated':
          medications.patch(event.data.medicationId, columnsOf(em, MedicationEntity, updatedFields(event.data)));
          break;
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
