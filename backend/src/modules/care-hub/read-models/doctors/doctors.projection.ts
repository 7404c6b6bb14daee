import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { CareDirectoryEvent } from '../../domain/care-directory';
import { DoctorEntity } from './doctors.entity';

/** A deleted doctor's row goes (its Restored event brings it back); a removed recipient takes their doctors with them. */
@Injectable()
@ReadModelProjection()
export class DoctorsProjection implements Projection<CareDirectoryEvent | CareRecipientEvent> {
  readonly name = 'care-hub.doctors';
  readonly handles = ['DoctorAdded', 'DoctorUpdated', 'DoctorDeleted', 'DoctorRestored', 'CareRecipientRemoved'] as const;
  readonly tables = ['doctors'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareDirectoryEvent | CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'DoctorAdded': {
        const { doctorId, addedAt, ...doctor } = event.data;
        await em.upsert(DoctorEntity, { ...doctor, id: doctorId, createdAt: new Date(addedAt), updatedAt: new Date(addedAt) });
        return;
      }
      case 'DoctorUpdated': {
        const { doctorId, childId: _childId, updatedAt, ...details } = event.data;
        await em.nativeUpdate(DoctorEntity, { id: doctorId }, { ...details, updatedAt: new Date(updatedAt) });
        return;
      }
      case 'DoctorDeleted':
        await em.nativeDelete(DoctorEntity, { id: event.data.doctorId });
        return;
      case 'DoctorRestored': {
        const { doctorId, addedAt, restoredAt, ...doctor } = event.data;
        await em.upsert(DoctorEntity, { ...doctor, id: doctorId, createdAt: new Date(addedAt), updatedAt: new Date(restoredAt) });
        return;
      }
      case 'CareRecipientRemoved':
        await em.nativeDelete(DoctorEntity, { childId: event.data.childId });
        return;
    }
  }
}
