import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Medication } from '@carecircle/libs';
import { MedicationStockQuery } from '../medication-stock/medication-stock.query';
import { MedicationEntity, toMedication } from './medications.entity';

/** Medications with their stock figures (the medication-stock read model) at `now`. */
@Injectable()
export class MedicationsQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly stock: MedicationStockQuery,
  ) {}

  async forChild(childId: string, now = new Date()): Promise<Medication[]> {
    const rows = await this.em.fork().find(MedicationEntity, { childId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const figures = await this.stock.forChild(childId, now);
    return rows.map((row) => toMedication(row, figures.get(row.id)));
  }

  async byId(childId: string, id: string, now = new Date()): Promise<Medication | null> {
    const row = await this.em.fork().findOne(MedicationEntity, { id, childId });
    return row ? toMedication(row, (await this.stock.forMedication(id, now)) ?? undefined) : null;
  }

  /** The recipient a medication belongs to (routes that name only the medication), null when unknown. */
  async childOf(id: string): Promise<string | null> {
    const row = await this.em.fork().findOne(MedicationEntity, { id }, { fields: ['childId'] });
    return row?.childId ?? null;
  }
}
