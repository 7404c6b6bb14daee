import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { FamilySupportResource, SupportRole } from '@carecircle/libs';

/** The spec's `family_support` table. */
@Entity({ tableName: 'family_support' })
export class FamilySupportEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) role!: SupportRole;
  @Property({ type: 'text', nullable: true }) organization!: string | null;
  @Property({ type: 'text', nullable: true }) phoneNumber!: string | null;
  @Property({ type: 'text', nullable: true }) email!: string | null;
  @Property({ type: 'text', nullable: true }) notes!: string | null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

export function toFamilySupport(row: FamilySupportEntity): FamilySupportResource {
  const { id, childId, name, role, organization, phoneNumber, email, notes } = row;
  return { id, childId, name, role, organization, phoneNumber, email, notes, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
