import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { AppointmentDetails, Priority, TaskCategory } from '@carecircle/libs';

/**
 * The spec's `daily_tasks` table (document 3), one row per live task, plus the care team's local
 * time and zone and the recipient's name for display. Removed tasks are deleted (never listed; their
 * history stays in the event store), and so are all tasks of a removed recipient.
 */
@Entity({ tableName: 'daily_tasks' })
export class DailyTaskEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) childId!: string;
  @Property({ type: 'text' }) childName!: string;
  @Property({ type: 'uuid', nullable: true }) templateId!: string | null;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) category!: TaskCategory;
  @Property({ type: 'text', nullable: true }) description!: string | null;
  @Property({ type: 'timestamptz' }) scheduledTime!: Date;
  @Property({ type: 'date' }) scheduledDate!: string;
  @Property({ type: 'varchar', length: 5 }) localTime!: string;
  @Property({ type: 'varchar', length: 50 }) timezone!: string;
  @Property({ type: 'text' }) status!: 'pending' | 'completed';
  @Property({ type: 'timestamptz', nullable: true }) completedAt!: Date | null;
  @Property({ type: 'uuid', nullable: true }) completedBy!: string | null;
  @Property({ type: 'text', nullable: true }) notes!: string | null;
  @Property({ type: 'boolean' }) isUrgent!: boolean;
  @Property({ type: 'text' }) priority!: Priority;
  @Property({ type: 'text', nullable: true }) imageUrl!: string | null;
  @Property({ type: 'text', nullable: true }) medicationId!: string | null;
  @Property({ type: 'text', nullable: true }) googleCalendarEventId!: string | null;
  @Property({ type: 'text', nullable: true }) timeSlot!: string | null;
  @Property({ type: 'text', nullable: true }) taskGroupId!: string | null;
  @Property({ type: 'text', nullable: true }) timeSpecificNotes!: string | null;
  @Property({ type: 'json', nullable: true }) appointmentDetails!: AppointmentDetails | null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

/** The recipients tasks belong to, as this module needs them: display name and primary caregiver. */
@Entity({ tableName: 'scheduling_children' })
export class SchedulingChildEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'text' }) firstName!: string;
  @Property({ type: 'text' }) lastName!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'uuid' }) primaryCaregiverId!: string;
}
