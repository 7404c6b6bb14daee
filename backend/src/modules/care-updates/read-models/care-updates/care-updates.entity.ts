import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * One row per update of a recipient's journal. A removed update keeps its row without its text or
 * photo (`removed_at` set), so its id still leads to its recipient for the history; lists skip it.
 */
@Entity({ tableName: 'care_updates' })
@Index({ name: 'care_updates_child_id_created_at_index', properties: ['childId', 'createdAt', 'id'] })
export class CareUpdateEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) childId!: string;
  @Property({ type: 'uuid' }) authorId!: string;
  /** Null once removed. */
  @Property({ type: 'text', nullable: true }) text!: string | null;
  @Property({ type: 'text', nullable: true }) imageUrl!: string | null;
  @Property({ type: 'boolean' }) important!: boolean;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) editedAt!: Date | null;
  @Property({ type: 'timestamptz', nullable: true }) removedAt!: Date | null;
}
