import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TaskTemplate } from '@carecircle/libs';
import { TaskTemplateEntity, toTaskTemplate } from './task-templates.entity';

/** Reads only the task_templates read model. */
@Injectable()
export class TaskTemplatesQuery {
  constructor(private readonly em: EntityManager) {}

  /** A recipient's templates and repeating tasks, oldest first. */
  async forChild(childId: string): Promise<TaskTemplate[]> {
    const rows = await this.em.fork().find(TaskTemplateEntity, { childId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(toTaskTemplate);
  }

  /** How many active (not stopped) templates and repeating tasks a recipient has: the schedules limit's count. */
  async activeCount(childId: string): Promise<number> {
    return this.em.fork().count(TaskTemplateEntity, { childId, isActive: true });
  }

  async byIds(ids: string[]): Promise<TaskTemplate[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.fork().find(TaskTemplateEntity, { id: { $in: ids } });
    const byId = new Map(rows.map((row) => [row.id, toTaskTemplate(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Active, unpaused repeating templates that may still occur on or after `earliestDate` (yyyy-mm-dd): the
   * materialisation job's work list, each with who created or last changed it (the occurrences' actor).
   * The exact day rule is occursOn, per care team date.
   */
  async activeRepeating(earliestDate: string): Promise<(TaskTemplate & { changedBy: string | null })[]> {
    const rows = await this.em.fork().find(
      TaskTemplateEntity,
      { isActive: true, isPaused: false, isRepeating: true, $or: [{ repeatEndDate: null }, { repeatEndDate: { $gte: earliestDate } }] },
      { orderBy: { childId: 'asc', createdAt: 'asc', id: 'asc' } },
    );
    return rows.map((row) => ({ ...toTaskTemplate(row), changedBy: row.changedBy ?? row.createdBy }));
  }
}
