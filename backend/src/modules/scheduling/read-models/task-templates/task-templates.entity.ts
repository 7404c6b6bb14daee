import { ArrayType, Entity, JsonType, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { DayName, Priority, RepeatPattern, TaskCategory, TaskTemplate, TemplateSchedule, TemplateVersion } from '@carecircle/libs';

/** The spec's `task_templates` table (document 3): templates and repeating tasks of a recipient. */
@Entity({ tableName: 'task_templates' })
export class TaskTemplateEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text', nullable: true }) templateName!: string | null;
  @Property({ type: 'text' }) category!: TaskCategory;
  @Property({ type: 'text', nullable: true }) description!: string | null;
  @Property({ type: 'uuid', nullable: true }) medicationId!: string | null;
  @Property({ type: 'boolean' }) isUrgent!: boolean;
  @Property({ type: 'text' }) priority!: Priority;
  @Property({ type: 'integer', nullable: true }) estimatedDuration!: number | null;
  @Property({ type: 'text', nullable: true }) imageUrl!: string | null;
  @Property({ type: 'boolean' }) isRepeating!: boolean;
  @Property({ type: 'text' }) repeatPattern!: RepeatPattern;
  @Property({ type: 'integer' }) repeatInterval!: number;
  @Property({ type: 'date', nullable: true }) repeatStartDate!: string | null;
  @Property({ type: 'date', nullable: true }) repeatEndDate!: string | null;
  @Property({ type: ArrayType }) daysOfWeek!: DayName[];
  @Property({ type: ArrayType }) scheduledTimes!: string[];
  @Property({ type: JsonType }) timeNotes!: Record<string, string>;
  @Property({ type: 'boolean' }) isTemplate!: boolean;
  @Property({ type: 'boolean' }) isActive!: boolean;
  @Property({ type: 'boolean' }) isPaused!: boolean;
  /** The date the columns above apply from (null: since creation); earlier dates follow earlierVersions. */
  @Property({ type: 'date', nullable: true }) effectiveFrom!: string | null;
  @Property({ type: JsonType }) earlierVersions!: TemplateVersion[];
  @Property({ type: 'uuid', nullable: true }) createdBy!: string | null;
  /** Who created the schedule or last changed it: the actor of the occurrences the job materialises. */
  @Property({ type: 'uuid', nullable: true }) changedBy!: string | null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

/** yyyy-mm-dd whatever the driver hands back for a `date` column. */
const dateOnly = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** The schedule columns of a row: its newest version. */
export function rowSchedule(row: TaskTemplateEntity): TemplateSchedule {
  const { id: _i, childId: _c, isActive: _a, createdAt: _t, isPaused: _p, effectiveFrom: _e, earlierVersions: _v, ...schedule } = toTaskTemplate(row);
  return schedule;
}

export function toTaskTemplate(row: TaskTemplateEntity): TaskTemplate {
  return {
    id: row.id,
    childId: row.childId,
    name: row.name,
    templateName: row.templateName,
    category: row.category,
    description: row.description,
    medicationId: row.medicationId,
    isUrgent: row.isUrgent,
    priority: row.priority,
    estimatedDuration: row.estimatedDuration,
    imageUrl: row.imageUrl,
    isRepeating: row.isRepeating,
    isTemplate: row.isTemplate,
    isActive: row.isActive,
    repeatPattern: row.repeatPattern,
    repeatInterval: row.repeatInterval,
    repeatStartDate: dateOnly(row.repeatStartDate),
    repeatEndDate: dateOnly(row.repeatEndDate),
    daysOfWeek: row.daysOfWeek,
    scheduledTimes: row.scheduledTimes,
    timeNotes: row.timeNotes ?? {},
    createdAt: row.createdAt.toISOString(),
    isPaused: row.isPaused,
    effectiveFrom: dateOnly(row.effectiveFrom),
    earlierVersions: row.earlierVersions ?? [],
  };
}
