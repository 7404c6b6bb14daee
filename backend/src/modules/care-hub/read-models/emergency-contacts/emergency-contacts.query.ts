import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EmergencyContact } from '@carecircle/libs';
import { EmergencyContactEntity, toEmergencyContact } from './emergency-contacts.entity';

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

@Injectable()
export class EmergencyContactsQuery {
  constructor(private readonly em: EntityManager) {}

  /** The contacts of these families: primary contacts first, then oldest first. */
  async ofFamilies(families: FamilyAccess[]): Promise<EmergencyContact[]> {
    if (families.length === 0) return [];
    const canEdit = new Map(families.map((f) => [f.familyId, f.canEdit]));
    const rows = await this.em
      .fork()
      .find(EmergencyContactEntity, { familyId: { $in: [...canEdit.keys()] } }, { orderBy: { isPrimary: 'desc', createdAt: 'asc', id: 'asc' } });
    return rows.map((row) => toEmergencyContact(row, canEdit.get(row.familyId) === true));
  }

  /**
   * Where urgent escalations email a family's contacts (issue 12; exported for the notifications
   * module): its current contacts that have an email, primary contacts first, then oldest first.
   * `familyId` is the primary caregiver's user id. Deleted contacts have no row, so they never appear.
   */
  async emailsOf(familyId: string): Promise<EmergencyContactAddress[]> {
    const rows = await this.em
      .fork()
      .find(
        EmergencyContactEntity,
        { familyId, email: { $ne: null } },
        { fields: ['id', 'name', 'email'], orderBy: { isPrimary: 'desc', createdAt: 'asc', id: 'asc' } },
      );
    return rows.map((row) => ({ contactId: row.id, name: row.name, email: row.email! }));
  }

  async byId(contactId: string, canEdit: boolean): Promise<EmergencyContact | null> {
    const row = await this.em.fork().findOne(EmergencyContactEntity, { id: contactId });
    return row ? toEmergencyContact(row, canEdit) : null;
  }

  /** The family of a contact that is not deleted, or null. */
  async familyOf(contactId: string): Promise<string | null> {
    const row = await this.em.fork().findOne(EmergencyContactEntity, { id: contactId }, { fields: ['familyId'] });
    return row?.familyId ?? null;
  }
}
