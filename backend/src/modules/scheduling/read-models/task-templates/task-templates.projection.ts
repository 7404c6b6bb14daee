import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../../../../platform/event-store/event-store';
import { ReadModelProjection, type Projection } from '../../../../platform/projections/projection';
import type { TaskTemplateEvent } from '../../domain/task-template';
import { TaskTemplateEntity } from './task-templates.entity';

/** CareRecipientRemoved as this projection reads it (the care-recipients module's event, by type name). */
type RecipientRemoved = { type: 'CareRecipientRemoved'; data: { childId: string; removedAt: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
@ReadModelProjection()
export class TaskTemplatesProjection implements Projection {
  readonly name = 'scheduling.task-templates';
  readonly handles = ['TaskTemplateCreated', 'TaskTemplateDeactivated', 'CareRecipientRemoved'] as const;
  readonly tables = ['task_templates'] as const;

  async apply(em: EntityManager, recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as TaskTemplateEvent | RecipientRemoved;
    switch (event.type) {
      case 'TaskTemplateCreated': {
        const { templateId, createdBy, createdAt, ...details } = event.data;
        await em.upsert(TaskTemplateEntity, {
          ...details,
          id: templateId,
          isActive: true,
          createdBy: UUID.test(createdBy) ? createdBy : null,
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
