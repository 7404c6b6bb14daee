import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** The spec's `children` table (document 3), plus the dashboard's notes and gender. */
@Entity({ tableName: 'children' })
export class ChildEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'text' }) firstName!: string;
  @Property({ type: 'text' }) lastName!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'date', nullable: true }) dateOfBirth!: string | null;
  @Property({ type: 'text', nullable: true }) profileImageUrl!: string | null;
  @Property({ type: 'text', nullable: true }) medicalNotes!: string | null;
  @Property({ type: 'text', nullable: true }) notes!: string | null;
  @Property({ type: 'text', nullable: true }) gender!: string | null;
  @Property({ type: 'text', nullable: true }) phone!: string | null;
  @Property({ type: 'text', nullable: true }) email!: string | null;
  @Property({ type: 'uuid', index: true }) primaryCaregiverId!: string;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}
