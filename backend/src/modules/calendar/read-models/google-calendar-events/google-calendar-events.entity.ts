import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * Which recipients' appointments each user has events of in their Google calendar (one row per
 * synced appointment): the background sync's way to the users an access change concerns, also the
 * one who no longer sees the recipient. `childId` is null for events synced before it was recorded.
 */
@Entity({ tableName: 'google_calendar_events' })
export class GoogleCalendarEventEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @PrimaryKey({ type: 'uuid' }) taskId!: string;
  @Property({ type: 'uuid', nullable: true }) childId!: string | null;
}
