import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/postgresql';

/**
 * The spec's `achievements` table (document 3), plus `periodKey`: what makes an achievement once
 * per recipient and period (see achievement-rules.ts). `userId` is the caregiver whose action earned it.
 */
@Entity({ tableName: 'achievements' })
@Unique({ properties: ['childId', 'type', 'periodKey'] })
export class AchievementEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', nullable: true }) userId!: string | null;
  @Property({ type: 'uuid' }) childId!: string;
  @Property({ type: 'text' }) type!: string;
  @Property({ type: 'text' }) periodKey!: string;
  @Property({ type: 'text' }) title!: string;
  @Property({ type: 'text' }) description!: string;
  @Property({ type: 'text', nullable: true }) iconUrl!: string | null;
  @Property({ type: 'timestamptz' }) earnedAt!: Date;
  @Property({ type: 'decimal', precision: 5, scale: 2, nullable: true }) completionRate!: string | null;
}
