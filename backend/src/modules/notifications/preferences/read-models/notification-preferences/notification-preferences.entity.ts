import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** A user's notification preferences once they have changed them (no row: the defaults). */
@Entity({ tableName: 'notification_preferences' })
export class NotificationPreferencesEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @Property({ type: 'boolean' }) emailOverdue!: boolean;
  @Property({ type: 'boolean' }) emailAchievements!: boolean;
  @Property({ type: 'boolean' }) pushReminders!: boolean;
  /** HH:MM; both null (no quiet hours) or both set. */
  @Property({ type: 'text', nullable: true }) quietHoursStart!: string | null;
  @Property({ type: 'text', nullable: true }) quietHoursEnd!: string | null;
  @Property({ type: 'timestamptz' }) changedAt!: Date;
}
