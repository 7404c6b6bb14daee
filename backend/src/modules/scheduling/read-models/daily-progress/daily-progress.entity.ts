import type { CompletionTiming } from '@carecircle/libs';
import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * The spec's `daily_progress` table (document 3): one row per recipient and care-team date that has
 * at least one task. Beyond the spec: `onTimeTasks`, `earlyTasks`, and `consistentDays` (days in a row, ending
 * here, with a completion rate of at least 80%), which the achievements need.
 */
@Entity({ tableName: 'daily_progress' })
export class DailyProgressEntity {
  @PrimaryKey({ type: 'uuid' }) childId!: string;
  @PrimaryKey({ type: 'date' }) date!: string;
  @Property({ type: 'integer' }) totalTasks!: number;
  @Property({ type: 'integer' }) completedTasks!: number;
  @Property({ type: 'integer' }) onTimeTasks!: number;
  /** Completed more than an hour before their time (libs' completionTiming): not counted on time. */
  @Property({ type: 'integer', default: 0 }) earlyTasks!: number;
  @Property({ type: 'decimal', precision: 5, scale: 2 }) completionRate!: string;
  /** Days in a row, ending on this date, on which every task was completed (0 when this one was not). */
  @Property({ type: 'integer' }) streakDays!: number;
  @Property({ type: 'integer' }) consistentDays!: number;
}

/** What progress needs to know of each task: its day, its time and when it was completed. */
@Entity({ tableName: 'progress_tasks' })
export class ProgressTaskEntity {
  @PrimaryKey({ type: 'uuid' }) taskId!: string;
  @Property({ type: 'uuid' }) childId!: string;
  @Property({ type: 'date' }) scheduledDate!: string;
  @Property({ type: 'timestamptz' }) scheduledTime!: Date;
  @Property({ type: 'timestamptz', nullable: true }) completedAt!: Date | null;
  /** early, on_time or late (libs' completionTiming); null while pending. */
  @Property({ type: 'text', nullable: true }) timing!: CompletionTiming | null;
}
