import { Injectable } from '@nestjs/common';
import { EntityManager, type QueryOrderMap } from '@mikro-orm/postgresql';
import type { Doctor, EmergencyContact, FamilySupportResource } from '@carecircle/libs';
import { detailsOf, KIND_NAMES, type ContactKind } from '../../domain/contacts';
import { CONTACT_TABLES, tableOfKind, type ContactRow } from './contacts.entity';

/** What each kind's routes answer. */
export interface ContactAnswers {
  emergencyContact: EmergencyContact;
  doctor: Doctor;
  familySupport: FamilySupportResource;
}

/** Each kind's list order: primary ones first (contacts, doctors), then oldest first. */
const ORDER: Record<ContactKind, QueryOrderMap<{ id: string; isPrimary: boolean; createdAt: Date }>[]> = {
  emergencyContact: [{ isPrimary: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
  doctor: [{ isPrimary: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
  familySupport: [{ createdAt: 'asc' }, { id: 'asc' }],
};

/**
 * A row as the API answers it. A contact also says whether the user may change it: which families
 * a user sees, and may change, is the caller's answer (CareHubFamilies).
 */
function answer<K extends ContactKind>(kind: K, row: ContactRow<K>, canEdit: boolean): ContactAnswers[K] {
  const scope = KIND_NAMES[kind].scope;
  const editable = kind === 'emergencyContact' ? { canEdit } : {};
  const { id, createdAt, updatedAt } = row;
  return {
    id,
    [scope]: row[scope as keyof ContactRow<K>],
    ...detailsOf(kind, row),
    ...editable,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  } as unknown as ContactAnswers[K];
}

/** The three lists' rows; reads only the read models. */
@Injectable()
export class ContactsQuery {
  constructor(private readonly em: EntityManager) {}

  /**
   * The entries of these families or recipients, in the kind's order. `canEdit` (contacts only)
   * says, per family, whether the user may change its contacts.
   */
  async list<K extends ContactKind>(kind: K, scopeIds: string[], canEdit: (scopeId: string) => boolean = () => false): Promise<ContactAnswers[K][]> {
    if (scopeIds.length === 0) return [];
    const scope = KIND_NAMES[kind].scope;
    const rows = (await this.em.fork().find(tableOfKind(kind), { [scope]: { $in: scopeIds } }, { orderBy: ORDER[kind] as never })) as ContactRow<K>[];
    return rows.map((row) => answer(kind, row, canEdit(row[scope as keyof ContactRow<K>] as string)));
  }

  /** An entry that is not deleted, or null. */
  async byId<K extends ContactKind>(kind: K, id: string, canEdit = false): Promise<ContactAnswers[K] | null> {
    const row = (await this.em.fork().findOne(tableOfKind(kind), { id })) as ContactRow<K> | null;
    return row ? answer(kind, row, canEdit) : null;
  }

  /** The family or recipient of an entry that is not deleted, or null. */
  async scopeOf(kind: ContactKind, id: string): Promise<string | null> {
    const scope = KIND_NAMES[kind].scope;
    const row = (await this.em.fork().findOne(tableOfKind(kind), { id }, { fields: [scope] as never })) as Record<string, string> | null;
    return row?.[scope] ?? null;
  }
}

/** Which families a user sees, and may change, is the caller's answer (CareHubFamilies); this reads only the contacts. */
export interface FamilyAccess {
  familyId: string;
  canEdit: boolean;
}

/** An emergency contact an urgent escalation may email. */
export interface EmergencyContactAddress {
  contactId: string;
  name: string;
  email: string;
}

/** A family's emergency contacts as other readers need them: the families a user belongs to, and where escalations write. */
@Injectable()
export class EmergencyContactsQuery {
  private readonly contacts: ContactsQuery;

  constructor(private readonly em: EntityManager) {
    this.contacts = new ContactsQuery(em);
  }

  /** The contacts of these families: primary contacts first, then oldest first. */
  ofFamilies(families: FamilyAccess[]): Promise<EmergencyContact[]> {
    const canEdit = new Map(families.map((f) => [f.familyId, f.canEdit]));
    return this.contacts.list('emergencyContact', [...canEdit.keys()], (familyId) => canEdit.get(familyId) === true);
  }

  /**
   * Where urgent escalations email a family's contacts (issue 12; exported for the notifications
   * module): its current contacts that have an email, primary contacts first, then oldest first.
   * `familyId` is the primary caregiver's user id. Deleted contacts have no row, so they never appear.
   */
  async emailsOf(familyId: string): Promise<EmergencyContactAddress[]> {
    const rows = (await this.em
      .fork()
      .find(CONTACT_TABLES.emergencyContact, { familyId, email: { $ne: null } }, { fields: ['id', 'name', 'email'], orderBy: ORDER.emergencyContact as never })) as ContactRow<'emergencyContact'>[];
    return rows.map((row) => ({ contactId: row.id, name: row.name, email: row.email! }));
  }

  byId(contactId: string, canEdit: boolean): Promise<EmergencyContact | null> {
    return this.contacts.byId('emergencyContact', contactId, canEdit);
  }

  /** The family of a contact that is not deleted, or null. */
  familyOf(contactId: string): Promise<string | null> {
    return this.contacts.scopeOf('emergencyContact', contactId);
  }
}
