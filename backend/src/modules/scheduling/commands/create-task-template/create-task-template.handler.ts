import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { localDate, type TaskTemplate, type TaskTemplateInput } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { MedicationsQuery } from '../../../care-recipients';
import { taskTemplateStream } from '../../domain/task-template';
import { readTemplateInput, taskTemplateDecider } from '../../domain/task-template.decide';
import { TaskTemplatesQuery } from '../../read-models/task-templates/task-templates.query';
import { CareTeamClock } from '../../time/care-team-clock';
import { TemplateMaterialiser } from '../../workers/recurring-tasks.job';

export interface CreatedTemplates {
  /** The care team's date the tasks were created for. */
  today: string;
  templates: TaskTemplate[];
  /** Today's task ids, in template order. */
  taskIds: string[];
}

export class CreateTaskTemplates extends Command<CreatedTemplates> {
  constructor(
    readonly childId: string,
    readonly items: { templateId: string; input: TaskTemplateInput }[],
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

/**
 * Creates one or more templates of a recipient (one: the template and repeating-task routes; several:
 * the review dialog's approve), then today's tasks of each, today being the care team's date.
 * All inputs are checked before anything is stored, so a bad item leaves nothing half-created.
 */
@CommandHandler(CreateTaskTemplates)
export class CreateTaskTemplatesHandler implements ICommandHandler<CreateTaskTemplates, CreatedTemplates> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly clock: CareTeamClock,
    private readonly medications: MedicationsQuery,
    private readonly templates: TaskTemplatesQuery,
    private readonly materialiser: TemplateMaterialiser,
  ) {}

  async execute({ childId, items, metadata }: CreateTaskTemplates): Promise<CreatedTemplates> {
    const timezone = await this.clock.timezoneFor(childId);
    const today = localDate(new Date(metadata.occurredAt), timezone);
    const medicationIds = (await this.medications.forChild(childId)).map((m) => m.id);
    for (const { input } of items) readTemplateInput(input, today, medicationIds);

    for (const { templateId, input } of items) {
      await this.streams.execute(taskTemplateStream(templateId), taskTemplateDecider, {
        type: 'CreateTaskTemplate',
        data: { templateId, childId, input, today, medicationIds },
        metadata,
      });
    }
    const templates = await this.templates.byIds(items.map((i) => i.templateId));
    const taskIds: string[] = [];
    for (const template of templates) taskIds.push(...(await this.materialiser.materialiseDay(template, today, timezone, metadata)));
    return { today, templates, taskIds };
  }
}
