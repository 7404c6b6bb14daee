import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '@carecircle/libs';
import type { CareRecipientEvent } from '../../../care-recipients';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { TaskTemplateEvent } from '../../domain/task-template';
import { TaskTemplateEntity } from './task-templates.entity';


@Injectable()
@ReadModelProjection()
export class TaskTemplatesProjection implements Projection<TaskTemplateEvent | CareRecipientEvent> {
  readonly name = 'scheduling.task-templates';
  readonly handles = ['TaskTemplateCreated', 'TaskTemplateDeactivated', 'CareRecipientRemoved'] as const;
  readonly tables = ['task_templates'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<TaskTemplateEvent | CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'TaskTemplateCreated': {
        const { templateId, createdBy, createdAt, ...details } = event.data;
        await em.upsert(TaskTemplateEntity, {
          ...details,
          id: templateId,
          isActive: true,
          createdBy: isUuid(createdBy) ? createdBy : null,
          createdAt: new Date(createdAt),
          updatedAt: new Date(createdAt),
        });
        return;
      }
      case 'TaskTemplateDeactivated':
        await em.nativeUpdate(TaskTemplateEntity, { id: event.data.templateId }, { isActive: false, updatedAt: new Date(event.data.deactivatedAt) });
        return;
      case 'CareRecipientRemoved':
        await em.nativeDelete(TaskTemplateEntity, { childId: event.data.childId });
        return;
    }
  }
}
