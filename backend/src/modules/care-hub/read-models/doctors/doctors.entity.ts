import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { Doctor, Specialty } from '@carecircle/libs';

/** The spec's `doctors` table. */
@Entity({ tableName: 'doctors' })
export class DoctorEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) specialty!: Specialty;
  @Property({ type: 'text', nullable: true }) phoneNumber!: string | null;
  @Property({ type: 'text', nullable: true }) email!: string | null;
  @Property({ type: 'text', nullable: true }) address!: string | null;
  @Property({ type: 'text', nullable: true }) notes!: string | null;
  @Property({ type: 'boolean' }) isPrimary!: boolean;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

export function toDoctor(row: DoctorEntity): Doctor {
  const { id, childId, name, specialty, phoneNumber, email, address, notes, isPrimary } = row;
  return { id, childId, name, specialty, phoneNumber, email, address, notes, isPrimary, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
