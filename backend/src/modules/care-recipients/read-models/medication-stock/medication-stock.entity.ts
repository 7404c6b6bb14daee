import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * A medication's stock as derived from events (Migration20261127003000): the balance (null:
 * untracked; below 0 when more doses were given than recorded, shown as 0), its settings, the last
 * refill and whether the next low stock is reminded. Amounts are numeric(…, 2): cents, exact.
 */
@Entity({ tableName: 'medication_stock' })
export class MedicationStockEntity {
  @PrimaryKey({ type: 'uuid' }) medicationId!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'decimal', nullable: true }) stock!: string | null;
  @Property({ type: 'decimal' }) doseAmount!: string;
  @Property({ type: 'text' }) unit!: string;
  @Property({ type: 'integer' }) refillThresholdDays!: number;
  @Property({ type: 'decimal', nullable: true }) lastRefillAmount!: string | null;
  @Property({ type: 'boolean' }) reminderArmed!: boolean;
  @Property({ type: 'bigint' }) position!: string;
}

/** Every task of scheduling (a task may be linked to a medication later): which medication a completed dose took from, and how much. */
@Entity({ tableName: 'medication_stock_tasks' })
export class MedicationStockTaskEntity {
  @PrimaryKey({ type: 'uuid' }) taskId!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'uuid', nullable: true }) medicationId!: string | null;
  @Property({ type: 'timestamptz' }) scheduledTime!: Date;
  @Property({ type: 'boolean' }) completed!: boolean;
  @Property({ type: 'uuid', nullable: true }) countedMedicationId!: string | null;
  @Property({ type: 'decimal', nullable: true }) countedAmount!: string | null;
  @Property({ type: 'bigint' }) position!: string;
}

/** Repeating schedules (task templates) of a medication: their doses per week make the scheduled rate. */
@Entity({ tableName: 'medication_stock_schedules' })
export class MedicationStockScheduleEntity {
  @PrimaryKey({ type: 'uuid' }) templateId!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'uuid', nullable: true }) medicationId!: string | null;
  @Property({ type: 'decimal' }) dosesPerWeek!: string;
  @Property({ type: 'boolean' }) isRepeating!: boolean;
  @Property({ type: 'boolean' }) isActive!: boolean;
  @Property({ type: 'boolean' }) isPaused!: boolean;
  /** Null: from before Migration20261127083000 with its template gone (already running). */
  @Property({ type: 'date', nullable: true }) repeatStartDate!: string | null;
  @Property({ type: 'date', nullable: true }) repeatEndDate!: string | null;
}
