import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { UserEvent } from '../../../identity';
import { CHANGES, detailsOf, eventTypeOf, idsOf, KIND_NAMES, kindOfEvent, type ContactEvent, type ContactKind } from '../../domain/contacts';
import { tableOf, tableOfKind } from './contacts.entity';

type ScopeRemoved = Extract<UserEvent, { type: 'UserErased' }> | Extract<CareRecipientEvent, { type: 'CareRecipientRemoved' }>;
type Handled = ContactEvent | ScopeRemoved;

/** Per kind: the projection's name (its checkpoint key and live topic) and the event that takes a whole family's or recipient's list away. */
const PROJECTIONS = {
  emergencyContact: { name: 'care-hub.emergency-contacts', removedWith: 'UserErased' },
  doctor: { name: 'care-hub.doctors', removedWith: 'CareRecipientRemoved' },
  familySupport: { name: 'care-hub.family-support', removedWith: 'CareRecipientRemoved' },
} as const satisfies Record<ContactKind, { name: string; removedWith: ScopeRemoved['type'] }>;

/**
 * One kind's table. A deleted entry's row goes (its Restored event brings it back, with its first
 * added time, so it returns to its place in the list); an erased account takes its family's contacts
 * with it, a removed recipient their doctors and support people. Contacts recorded before they had
 * an email carry none: the column is null.
 */
export class ContactsProjection<K extends ContactKind> implements Projection<Handled> {
  readonly name: string;
  readonly handles: readonly Handled['type'][];
  readonly tables: readonly string[];

  constructor(private readonly kind: K) {
    this.name = PROJECTIONS[kind].name;
    this.handles = [...CHANGES.map((change) => eventTypeOf(kind, change)), PROJECTIONS[kind].removedWith];
    this.tables = [tableOf(kind)];
  }

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    const table = tableOfKind(this.kind);
    const scope = KIND_NAMES[this.kind].scope;
    if (event.type === 'UserErased' || event.type === 'CareRecipientRemoved') {
      const scopeId = event.type === 'UserErased' ? event.data.userId : event.data.childId;
      await em.nativeDelete(table, { [scope]: scopeId });
      return;
    }
    const known = kindOfEvent(event.type);
    if (known?.kind !== this.kind) return;
    const { id, scopeId } = idsOf(this.kind, event.data);
    const data = event.data as { addedAt?: string; updatedAt?: string; restoredAt?: string };
    const row = (createdAt: string, updatedAt: string) => ({ id, [scope]: scopeId, ...detailsOf(this.kind, event.data), createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) });
    switch (known.change) {
      case 'Added':
        await em.upsert(table, row(data.addedAt!, data.addedAt!) as never);
        return;
      case 'Updated':
        await em.nativeUpdate(table, { id }, { ...detailsOf(this.kind, event.data), updatedAt: new Date(data.updatedAt!) } as never);
        return;
      case 'Deleted':
        await em.nativeDelete(table, { id });
        return;
      case 'Restored':
        await em.upsert(table, row(data.addedAt!, data.restoredAt!) as never);
        return;
      default: {
        const unknown: never = known.change;
        return unknown;
      }
    }
  }
}

@Injectable()
@ReadModelProjection()
export class EmergencyContactsProjection extends ContactsProjection<'emergencyContact'> {
  constructor() {
    super('emergencyContact');
  }
}

@Injectable()
@ReadModelProjection()
export class DoctorsProjection extends ContactsProjection<'doctor'> {
  constructor() {
    super('doctor');
  }
}

@Injectable()
@ReadModelProjection()
export class FamilySupportProjection extends ContactsProjection<'familySupport'> {
  constructor() {
    super('familySupport');
  }
}
