import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** The spec's `notifications` table (document 3), plus the recipient the task belongs to. */
@Entity({ tableName: 'notifications' })
export class NotificationEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) userId!: string;
  @Property({ type: 'uuid', nullable: true }) childId!: string | null;
  @Property({ type: 'uuid', nullable: true }) taskId!: string | null;
  @Property({ type: 'text' }) type!: string;
  @Property({ type: 'text' }) title!: string;
  @Property({ type: 'text' }) message!: string;
  @Property({ type: 'boolean' }) isRead!: boolean;
  @Property({ type: 'timestamptz' }) sentAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) scheduledFor!: Date | null;
  @Property({ type: 'timestamptz', nullable: true }) acknowledgedAt!: Date | null;
}

/** Who cares for each recipient, as this module needs it: the primary caregiver and a first name. */
@Entity({ tableName: 'notification_children' })
export class NotificationChildEntity {
  @PrimaryKey({ type: 'uuid' }) childId!: string;
  @Property({ type: 'text' }) firstName!: string;
  @Property({ type: 'uuid' }) primaryCaregiverId!: string;
}

/** Caregivers a recipient is shared with (child_access), as this module needs it. */
@Entity({ tableName: 'notification_shares' })
export class NotificationShareEntity {
  @PrimaryKey({ type: 'uuid' }) childId!: string;
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @Property({ type: 'boolean' }) canEdit!: boolean;
}
