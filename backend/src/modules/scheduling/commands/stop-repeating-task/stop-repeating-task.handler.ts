import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addDays } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { taskTemplateStream } from '../../domain/task-template';
import { taskTemplateDecider } from '../../domain/task-template.decide';
import { CareTeamClock } from '../../time/care-team-clock';
import { RepeatingTaskOccurrences } from '../repeating-task-occurrences';
import { commandOf } from '../../../../platform/commands/command';

export class StopRepeatingTask extends commandOf<{ templateId: string; childId: string; reason: string }>() {}

/** DELETE /api/repeating-tasks/{id}: no occurrences after today; today's and past ones keep their history. */
@CommandHandler(StopRepeatingTask)
export class StopRepeatingTaskHandler implements ICommandHandler<StopRepeatingTask> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly occurrences: RepeatingTaskOccurrences,
    private readonly clock: CareTeamClock,
  ) {}

  async execute({ templateId, childId, reason, metadata }: StopRepeatingTask): Promise<void> {
    const { events } = await this.streams.execute(taskTemplateStream(templateId), taskTemplateDecider, { type: 'DeactivateTaskTemplate', data: { reason }, metadata });
    if (events.length === 0) return;
    const today = await this.clock.today(childId, new Date(metadata.occurredAt));
    await this.occurrences.reconcile(templateId, addDays(today, 1), `Schedule stopped: ${reason.trim()}`, metadata);
  }
}
