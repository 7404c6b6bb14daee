import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addDays } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { taskTemplateStream } from '../../domain/task-template';
import { taskTemplateDecider } from '../../domain/task-template.decide';
import { CareTeamClock } from '../../time/care-team-clock';
import { RepeatingTaskOccurrences } from '../repeating-task-occurrences';
import { commandOf } from '../../../../platform/commands/command';

export class PauseRepeatingTask extends commandOf<{ templateId: string; childId: string; pause: boolean }>() {}

/**
 * Pause: no occurrences after today (today's stay, like a stop); resume: from today on again,
 * today's occurrences made at once if today was skipped while paused.
 */
@CommandHandler(PauseRepeatingTask)
export class PauseRepeatingTaskHandler implements ICommandHandler<PauseRepeatingTask> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly occurrences: RepeatingTaskOccurrences,
    private readonly clock: CareTeamClock,
  ) {}

  async execute({ templateId, childId, pause, metadata }: PauseRepeatingTask): Promise<void> {
    const { events } = await this.streams.execute(taskTemplateStream(templateId), taskTemplateDecider, {
      type: pause ? 'PauseTaskTemplate' : 'ResumeTaskTemplate',
      data: {},
      metadata,
    });
    if (events.length === 0) return;
    const today = await this.clock.today(childId, new Date(metadata.occurredAt));
    await this.occurrences.reconcile(templateId, pause ? addDays(today, 1) : today, 'Schedule paused', metadata);
  }
}
