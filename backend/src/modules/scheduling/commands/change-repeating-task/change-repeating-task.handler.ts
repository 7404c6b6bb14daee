import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RepeatingTaskChangeInput } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { MedicationsQuery } from '../../../care-recipients';
import { taskTemplateStream } from '../../domain/task-template';
import { taskTemplateDecider } from '../../domain/task-template.decide';
import { CareTeamClock } from '../../time/care-team-clock';
import { RepeatingTaskOccurrences } from '../repeating-task-occurrences';
import { commandOf } from '../../../../platform/commands/command';

export class ChangeRepeatingTask extends commandOf<{ templateId: string; childId: string; change: RepeatingTaskChangeInput }>() {}

/** PUT /api/repeating-tasks/{id}: a new version from effectiveFrom, then the materialised occurrences follow it. */
@CommandHandler(ChangeRepeatingTask)
export class ChangeRepeatingTaskHandler implements ICommandHandler<ChangeRepeatingTask> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly medications: MedicationsQuery,
    private readonly occurrences: RepeatingTaskOccurrences,
    private readonly clock: CareTeamClock,
  ) {}

  async execute({ templateId, childId, change, metadata }: ChangeRepeatingTask): Promise<void> {
    const today = await this.clock.today(childId, new Date(metadata.occurredAt));
    const medicationIds = (await this.medications.forChild(childId)).map((m) => m.id);
    const { events } = await this.streams.execute(taskTemplateStream(templateId), taskTemplateDecider, {
      type: 'ChangeTaskTemplateSchedule',
      data: { change, today, medicationIds },
      metadata,
    });
    for (const event of events) {
      if (event.type === 'TaskTemplateScheduleChanged') {
        await this.occurrences.reconcile(templateId, event.data.effectiveFrom, `Schedule changed from ${event.data.effectiveFrom}`, metadata);
      }
    }
  }
}
