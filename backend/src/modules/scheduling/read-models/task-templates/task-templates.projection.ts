import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '@carecircle/libs';
import type { CareRecipientEvent } from '../../../care-recipients';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { withChange, type TaskTemplateEvent } from '../../domain/task-template';
import { rowSchedule, TaskTemplateEntity, toTaskTemplate } from './task-templates.entity';

/** Who last changed the schedule, when the event names a user (else the column keeps its value). */
const changedBy = (actor: string | null): { changedBy?: string } => (isUuid(actor) ? { changedBy: actor } : {});

@Injectable()
@ReadModelProjection()
export class TaskTemplatesProjection implements Projection<TaskTemplateEvent | CareRecipientEvent> {
  readonly name = 'scheduling.task-templates';
  readonly handles = [
    'TaskTemplateCreated',
    'TaskTemplateDeactivated',
    'TaskTemplateScheduleChanged',
    'TaskTemplatePaused',
    'TaskTemplateResumed',
    'CareRecipientRemoved',
  ] as const;
  readonly tables = ['task_templates'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<TaskTemplateEvent | CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'TaskTemplateCreated': {
        const { templateId, createdBy, createdAt, ...details } = event.data;
        await em.upsert(TaskTemplateEntity, {
          ...details,
          id: templateId,
          isActive: true,
          isPaused: false,
          effectiveFrom: null,
          earlierVersions: [],
          createdBy: isUuid(createdBy) ? createdBy : null,
          changedBy: isUuid(createdBy) ? createdBy : null,
          createdAt: new Date(createdAt),
          updatedAt: new Date(createdAt),
        });
        return;
      }
      case 'TaskTemplateDeactivated':
        await em.nativeUpdate(
          TaskTemplateEntity,
          { id: event.data.templateId },
          { isActive: false, updatedAt: new Date(event.data.deactivatedAt), ...changedBy(event.data.deactivatedBy) },
        );
        return;
      case 'TaskTemplateScheduleChanged': {
        const row = await em.findOne(TaskTemplateEntity, { id: event.data.templateId });
        if (!row) return;
        const versions = withChange([...(row.earlierVersions ?? []), { from: toTaskTemplate(row).effectiveFrom, details: rowSchedule(row) }], event.data.effectiveFrom, event.data.details);
        const latest = versions[versions.length - 1];
        em.assign(row, { ...latest.details, effectiveFrom: latest.from, earlierVersions: versions.slice(0, -1), ...changedBy(event.data.changedBy), updatedAt: new Date(event.data.changedAt) });
        await em.flush();
        return;
      }
      case 'TaskTemplatePaused':
        await em.nativeUpdate(TaskTemplateEntity, { id: event.data.templateId }, { isPaused: true, ...changedBy(event.data.pausedBy), updatedAt: new Date(event.data.pausedAt) });
        return;
      case 'TaskTemplateResumed':
        await em.nativeUpdate(TaskTemplateEntity, { id: event.data.templateId }, { isPaused: false, ...changedBy(event.data.resumedBy), updatedAt: new Date(event.data.resumedAt) });
        return;
      case 'CareRecipientRemoved':
        await em.nativeDelete(TaskTemplateEntity, { childId: event.data.childId });
        return;
    }
  }
}
