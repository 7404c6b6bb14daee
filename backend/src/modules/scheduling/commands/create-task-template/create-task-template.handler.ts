import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MedicationInput } from '@carecircle/libs';
import { TaskTemplateCreation, type CreatedTemplates, type TemplateItem } from '../task-template-creation';
import { commandOf } from '../../../../platform/commands/command';

export class CreateTaskTemplates extends commandOf<{ childId: string; items: TemplateItem[]; /** Medications to find or add without a schedule (the schedule text's as-needed items). */ listedMedications?: MedicationInput[] }, CreatedTemplates>() {}

/**
 * Creates one or more templates of a recipient (one: the template and repeating-task routes; several:
 * the demo family's routines), then today's tasks of each; the rules are TaskTemplateCreation's.
 */
@CommandHandler(CreateTaskTemplates)
export class CreateTaskTemplatesHandler implements ICommandHandler<CreateTaskTemplates, CreatedTemplates> {
  constructor(private readonly creation: TaskTemplateCreation) {}

  execute({ childId, items, metadata, listedMedications = [] }: CreateTaskTemplates): Promise<CreatedTemplates> {
    return this.creation.create(childId, items, metadata, listedMedications);
  }
}
