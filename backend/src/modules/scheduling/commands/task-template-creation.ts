import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { localDate, type MedicationInput, type TaskTemplate, type TaskTemplateInput } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { EnsureMedications, MedicationsQuery } from '../../care-recipients';
import { taskTemplateStream } from '../domain/task-template';
import { checkScheduleRoom, readTemplateInput, taskTemplateDecider } from '../domain/task-template.decide';
import { TaskTemplatesQuery } from '../read-models/task-templates/task-templates.query';
import { CareTeamClock } from '../time/care-team-clock';
import { TemplateMaterialiser } from '../workers/recurring-tasks.job';
import { recipientTurns } from './recipient-turns';
import { medicationOfSchedule, schedulesUnknownMedication } from './schedule-medications';

export interface CreatedTemplates {
  /** The care team's date the tasks were created for. */
  today: string;
  templates: TaskTemplate[];
  /** Today's task ids, in template order. */
  taskIds: string[];
  /** The medications the schedules were linked to and the listed ones, found or added, each once. */
  medicationIds: string[];
}

/** One template to create; `medication`: what the medication it is linked to is made with (default: read from the input). */
export interface TemplateItem {
  templateId: string;
  input: TaskTemplateInput;
  medication?: MedicationInput;
}

/**
 * What creating templates takes, shared by the template and repeating-task routes (one template,
 * create-task-template/) and the review dialog's approve (several, bulk-create-tasks/): creates them,
 * then today's tasks of each, today being the care team's date.
 * All inputs are checked before anything is stored, so a bad item leaves nothing half-created; so is
 * the recipient's schedules limit, counted and appended in the recipient's turn (recipientTurns).
 * A medication schedule that names no medication is linked to the recipient's medication of its
 * name, found or added (care-recipients' EnsureMedications, one decision for all of them) once every
 * template is known to be valid; a retry after a failure further on finds them by name.
 */
@Injectable()
export class TaskTemplateCreation {
  constructor(
    private readonly commands: CommandBus,
    private readonly streams: EventSourcedStreams,
    private readonly clock: CareTeamClock,
    private readonly medications: MedicationsQuery,
    private readonly templates: TaskTemplatesQuery,
    private readonly materialiser: TemplateMaterialiser,
  ) {}

  /** `listedMedications`: medications to find or add without a schedule (the schedule text's as-needed items). */
  create(childId: string, items: TemplateItem[], metadata: CommandMetadata, listedMedications: MedicationInput[] = []): Promise<CreatedTemplates> {
    return recipientTurns.run(childId, () => this.createInTurn(childId, items, metadata, listedMedications));
  }

  private async createInTurn(childId: string, items: TemplateItem[], metadata: CommandMetadata, listedMedications: MedicationInput[]): Promise<CreatedTemplates> {
    const timezone = await this.clock.timezoneFor(childId);
    const today = localDate(new Date(metadata.occurredAt), timezone);
    const medicationIds = (await this.medications.forChild(childId)).map((m) => m.id);
    for (const { input } of items) readTemplateInput(input, today, medicationIds);
    let activeSchedules = await this.templates.activeCount(childId);
    checkScheduleRoom(activeSchedules, items.filter((item) => item.input.isActive !== false).length);

    const unlinked = items.filter((item) => schedulesUnknownMedication(item.input));
    const wanted = [...unlinked.map((item) => item.medication ?? medicationOfSchedule(item.input)), ...listedMedications];
    const ensured: string[] = wanted.length > 0 ? await this.commands.execute(new EnsureMedications({ childId, medications: wanted, metadata })) : [];
    const linked = new Map(unlinked.map((item, index) => [item, ensured[index]]));
    const known = [...medicationIds, ...ensured];

    for (const item of items) {
      const { templateId } = item;
      const medicationId = linked.get(item);
      const input = medicationId ? { ...item.input, medicationId } : item.input;
      await this.streams.execute(taskTemplateStream(templateId), taskTemplateDecider, {
        type: 'CreateTaskTemplate',
        data: { templateId, childId, input, today, medicationIds: known, activeSchedules },
        metadata,
      });
      if (input.isActive !== false) activeSchedules++;
    }
    const templates = await this.templates.byIds(items.map((i) => i.templateId));
    const taskIds: string[] = [];
    for (const template of templates) taskIds.push(...(await this.materialiser.materialiseDay(template, today, timezone, metadata)));
    return { today, templates, taskIds, medicationIds: [...new Set(ensured)] };
  }
}
