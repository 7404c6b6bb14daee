import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** The last global position each projection has applied. Written in the same transaction as its rows. */
@Entity({ tableName: 'projection_checkpoints' })
export class ProjectionCheckpointEntity {
  @PrimaryKey({ type: 'text' })
  name!: string;

  /** numeric: EventStoreDB positions need more than 64 bits. */
  @Property({ type: 'decimal', precision: 40, scale: 0 })
  position!: string;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
