import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { Medication } from '@carecircle/libs';

/** The spec's `medications` table. */
@Entity({ tableName: 'medications' })
export class MedicationEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) dosage!: string;
  @Property({ type: 'text', nullable: true }) instructions!: string | null;
  @Property({ type: 'text', nullable: true }) photoUrl!: string | null;
  @Property({ type: 'boolean' }) isActive!: boolean;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

export function toMedication(row: MedicationEntity): Medication {
  const { id, childId, name, dosage, instructions, photoUrl, isActive } = row;
  return { id, childId, name, dosage, instructions, photoUrl, isActive, createdAt: row.createdAt.toISOString() };
}
