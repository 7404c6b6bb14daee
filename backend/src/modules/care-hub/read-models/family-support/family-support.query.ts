import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FamilySupportResource } from '@carecircle/libs';
import { FamilySupportEntity, toFamilySupport } from './family-support.entity';

@Injectable()
export class FamilySupportQuery {
  constructor(private readonly em: EntityManager) {}

  /** A recipient's support people, oldest first. */
  async forChild(childId: string): Promise<FamilySupportResource[]> {
    const rows = await this.em.fork().find(FamilySupportEntity, { childId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(toFamilySupport);
  }

  /** A resource that is not deleted, or null. */
  async byId(id: string): Promise<FamilySupportResource | null> {
    const row = await this.em.fork().findOne(FamilySupportEntity, { id });
    return row ? toFamilySupport(row) : null;
  }
}
