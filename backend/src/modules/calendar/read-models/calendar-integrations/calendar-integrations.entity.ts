import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * The spec's `calendar_integrations` (document 3), one row per connected user, without the tokens:
 * they stay encrypted in the user's google-calendar stream (docs/calendar.md), so a dump of the read
 * models holds no usable Google credential.
 */
@Entity({ tableName: 'calendar_integrations' })
export class CalendarIntegrationEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text' }) googleCalendarId!: string;
  @Property({ type: 'boolean' }) isActive!: boolean;
  @Property({ type: 'timestamptz' }) connectedAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) lastSyncAt!: Date | null;
}
