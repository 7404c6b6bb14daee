import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { ContactType, EmergencyContact, Relationship } from '@carecircle/libs';

/** The spec's `emergency_contacts` table; its `userId` is the family (the primary caregiver's user id). */
@Entity({ tableName: 'emergency_contacts' })
export class EmergencyContactEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) familyId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) phoneNumber!: string;
  @Property({ type: 'text', nullable: true }) relationship!: Relationship | null;
  @Property({ type: 'text' }) contactType!: ContactType;
  @Property({ type: 'boolean' }) isPrimary!: boolean;
  @Property({ type: 'text', nullable: true }) notes!: string | null;
  /** Where urgent escalations email the contact. */
  @Property({ type: 'text', nullable: true }) email!: string | null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

export function toEmergencyContact(row: EmergencyContactEntity, canEdit: boolean): EmergencyContact {
  const { id, familyId, name, phoneNumber, relationship, contactType, isPrimary, notes, email } = row;
  return { id, familyId, name, phoneNumber, relationship, contactType, isPrimary, notes, email, canEdit, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
