import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import { DEFAULT_DOSE_AMOUNT, DEFAULT_MEDICATION_UNIT, DEFAULT_REFILL_THRESHOLD_DAYS, type Medication } from '@carecircle/libs';
import type { StockFigures } from '../medication-stock/medication-stock.query';

/** The spec's `medications` table. */
@Entity({ tableName: 'medications' })
export class MedicationEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) childId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) dosage!: string;
  /** Issue 21 (Migration20261127083000); null before it and when not given. */
  @Property({ type: 'text', nullable: true }) strength!: string | null;
  @Property({ type: 'text', nullable: true }) instructions!: string | null;
  @Property({ type: 'text', nullable: true }) photoUrl!: string | null;
  @Property({ type: 'boolean' }) isActive!: boolean;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

/** The API's medication: this row and, when the stock read model has caught up with it, its stock figures. */
export function toMedication(row: MedicationEntity, stock?: StockFigures): Medication {
  const { id, childId, name, dosage, strength, instructions, photoUrl, isActive } = row;
  return {
    id,
    childId,
    name,
    dosage,
    strength: strength ?? null,
    instructions,
    photoUrl,
    isActive,
    createdAt: row.createdAt.toISOString(),
    stock: stock?.stock ?? null,
    doseAmount: stock?.doseAmount ?? DEFAULT_DOSE_AMOUNT,
    unit: stock?.unit ?? DEFAULT_MEDICATION_UNIT,
    refillThresholdDays: stock?.refillThresholdDays ?? DEFAULT_REFILL_THRESHOLD_DAYS,
    dosesPerDay: stock?.dosesPerDay ?? 0,
    daysLeft: stock?.daysLeft ?? null,
    lastRefillAmount: stock?.lastRefillAmount ?? null,
  };
}
