import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Medication } from '@carecircle/libs';
import { MedicationEntity, toMedication } from './medications.entity';

@Injectable()
export class MedicationsQuery {
  constructor(private readonly em: EntityManager) {}

  async forChild(childId: string): Promise<Medication[]> {
    const rows = await this.em.fork().find(MedicationEntity, { childId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(toMedication);
  }

  async byId(childId: string, id: string): Promise<Medication | null> {
    const row = await this.em.fork().findOne(MedicationEntity, { id, childId });
    return row ? toMedication(row) : null;
  }
}
