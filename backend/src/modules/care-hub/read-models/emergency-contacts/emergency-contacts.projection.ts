import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { EmergencyContactEvent } from '../../domain/emergency-contacts';
import { EmergencyContactEntity } from './emergency-contacts.entity';

/**
 * A deleted contact's row goes (its Restored event brings it back); an erased account takes its family's contacts with it.
 * Events recorded before contacts had an email carry none: the column is null.
 */
@Injectable()
@ReadModelProjection()
export class EmergencyContactsProjection implements Projection<EmergencyContactEvent | UserEvent> {
  readonly name = 'care-hub.emergency-contacts';
  readonly handles = ['EmergencyContactAdded', 'EmergencyContactUpdated', 'EmergencyContactDeleted', 'EmergencyContactRestored', 'UserErased'] as const;
  readonly tables = ['emergency_contacts'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<EmergencyContactEvent | UserEvent>): Promise<void> {
    switch (event.type) {
      case 'EmergencyContactAdded': {
        const { contactId, addedAt, ...contact } = event.data;
        await em.upsert(EmergencyContactEntity, { ...contact, email: contact.email ?? null, id: contactId, createdAt: new Date(addedAt), updatedAt: new Date(addedAt) });
        return;
      }
      case 'EmergencyContactUpdated': {
        const { contactId, familyId: _familyId, updatedAt, ...details } = event.data;
        await em.nativeUpdate(EmergencyContactEntity, { id: contactId }, { ...details, email: details.email ?? null, updatedAt: new Date(updatedAt) });
        return;
      }
      case 'EmergencyContactDeleted':
        await em.nativeDelete(EmergencyContactEntity, { id: event.data.contactId });
        return;
      case 'EmergencyContactRestored': {
        const { contactId, addedAt, restoredAt, ...contact } = event.data;
        await em.upsert(EmergencyContactEntity, { ...contact, email: contact.email ?? null, id: contactId, createdAt: new Date(addedAt), updatedAt: new Date(restoredAt) });
        return;
      }
      case 'UserErased':
        await em.nativeDelete(EmergencyContactEntity, { familyId: event.data.userId });
        return;
    }
  }
}
