import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** One security event of one account (libs AuditEntry), ordered by the event's position in the store. */
@Entity({ tableName: 'audit_log' })
export class AuditLogEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'decimal', precision: 40, scale: 0, unique: true }) position!: string;
  @Property({ type: 'text' }) action!: string;
  @Property({ type: 'timestamptz' }) occurredAt!: Date;
  @Property({ type: 'uuid', index: true }) userId!: string;
  @Property({ type: 'uuid', nullable: true, index: true }) actorId!: string | null;
  @Property({ type: 'uuid', nullable: true }) childId!: string | null;
  @Property({ type: 'text', nullable: true }) address!: string | null;
  @Property({ type: 'text', nullable: true }) userAgent!: string | null;
}
