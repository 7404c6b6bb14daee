import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** The spec's `child_access` table: caregivers a recipient is shared with, and whether they may edit. */
@Entity({ tableName: 'child_access' })
export class ChildAccessEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @PrimaryKey({ type: 'uuid' }) childId!: string;
  @Property({ type: 'boolean' }) canEdit!: boolean;
}
