import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Doctor } from '@carecircle/libs';
import { DoctorEntity, toDoctor } from './doctors.entity';

@Injectable()
export class DoctorsQuery {
  constructor(private readonly em: EntityManager) {}

  /** A recipient's doctors: primary care first, then oldest first. */
  async forChild(childId: string): Promise<Doctor[]> {
    const rows = await this.em.fork().find(DoctorEntity, { childId }, { orderBy: { isPrimary: 'desc', createdAt: 'asc', id: 'asc' } });
    return rows.map(toDoctor);
  }

  /** A doctor that is not deleted, or null. */
  async byId(id: string): Promise<Doctor | null> {
    const row = await this.em.fork().findOne(DoctorEntity, { id });
    return row ? toDoctor(row) : null;
  }
}
