import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** One row per user with a working feed link: the link's SHA-256 (never the token) and what it holds. */
@Entity({ tableName: 'calendar_feeds' })
export class CalendarFeedEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text', unique: true }) tokenHash!: string;
  @Property({ type: 'boolean' }) includeMedications!: boolean;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
}
