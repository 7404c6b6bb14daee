import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** Tasks as the reminder scheduler needs them: what to say (name, time) and when to remind. */
@Entity({ tableName: 'reminder_tasks' })
export class ReminderTaskEntity {
  @PrimaryKey({ type: 'uuid' }) taskId!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) category!: string;
  @Property({ type: 'boolean' }) isUrgent!: boolean;
  @Property({ type: 'text' }) status!: string;
  @Property({ type: 'date' }) scheduledDate!: string;
  @Property({ type: 'timestamptz' }) scheduledTime!: Date;
  @Property({ type: 'text' }) localTime!: string;
  @Property({ type: 'text' }) timezone!: string;
  @Property({ type: 'jsonb' }) appointmentReminders!: string[];
  /** The task time whose escalation a caregiver acknowledged (its replan leaves the escalation out). */
  @Property({ type: 'timestamptz', nullable: true }) acknowledgedFor!: Date | null;
}
