import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { CompletionTiming, TaskCategory } from '@carecircle/libs';

/**
 * Every task a recipient ever had, removed ones included (daily_tasks drops them), as the reports
 * need it: its day and time, how it ended and why it was removed. One row per task, from the task
 * events (reports.report-tasks); a recipient's rows go when the recipient is removed.
 */
@Entity({ tableName: 'report_tasks' })
@Index({ name: 'report_tasks_child_date_index', properties: ['childId', 'scheduledDate', 'scheduledTime', 'taskId'] })
export class ReportTaskEntity {
  @PrimaryKey({ type: 'uuid' }) taskId!: string;
  @Property({ type: 'uuid' }) childId!: string;
  @Property({ type: 'text', nullable: true }) medicationId!: string | null;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) category!: TaskCategory;
  @Property({ type: 'date' }) scheduledDate!: string;
  @Property({ type: 'varchar', length: 5 }) localTime!: string;
  @Property({ type: 'timestamptz' }) scheduledTime!: Date;
  @Property({ type: 'text' }) status!: 'pending' | 'completed' | 'removed';
  @Property({ type: 'timestamptz', nullable: true }) completedAt!: Date | null;
  @Property({ type: 'uuid', nullable: true }) completedBy!: string | null;
  /** early, on_time or late (libs' completionTiming), written with the completion or a new time; null otherwise. */
  @Property({ type: 'text', nullable: true }) timing!: CompletionTiming | null;
  @Property({ type: 'text', nullable: true }) notes!: string | null;
  @Property({ type: 'timestamptz', nullable: true }) removedAt!: Date | null;
  @Property({ type: 'uuid', nullable: true }) removedBy!: string | null;
  @Property({ type: 'text', nullable: true }) removedReason!: string | null;
}
