import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TaskUpdateInput } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { MedicationsQuery } from '../../../care-recipients';
import { taskStream } from '../../domain/task';
import { taskDecider, type TaskCommand } from '../../domain/task.decide';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { CareTeamClock } from '../../time/care-team-clock';
import { recipientMedication } from '../recipient-medication';
import { recipientTurns } from '../recipient-turns';
import { readDate, readTime } from '../task-input';
import { commandOf } from '../../../../platform/commands/command';

export class UpdateTask extends commandOf<{ taskId: string; childId: string; input: TaskUpdateInput }>() {}

type TaskChanges = Extract<TaskCommand, { type: 'UpdateTask' }>['data']['changes'];

/**
 * Edits a task or an appointment (spec section 7): only the fields sent change. A date or time is
 * read as on creation, in the care team's zone now; a medication must be the recipient's. A move to
 * another day counts that day's tasks in the recipient's turn (the tasks-a-day limit).
 */
@CommandHandler(UpdateTask)
export class UpdateTaskHandler implements ICommandHandler<UpdateTask> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly clock: CareTeamClock,
    private readonly medications: MedicationsQuery,
    private readonly tasks: DailyTasksQuery,
  ) {}

  async execute(command: UpdateTask): Promise<void> {
    return recipientTurns.run(command.childId, () => this.update(command));
  }

  private async update({ taskId, childId, input, metadata }: UpdateTask): Promise<void> {
    const timezone = await this.clock.timezoneFor(childId);
    const time = readTime(input.scheduledTime, timezone);
    const scheduledDate = readDate(input.scheduledDate, timezone) ?? time?.date ?? undefined;
    const medicationId = await recipientMedication(this.medications, childId, input.medicationId);
    const { scheduledTime: _t, scheduledDate: _d, medicationId: _m, ...fields } = input;
    const changes: TaskChanges = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    if (medicationId !== undefined) changes.medicationId = medicationId;
    if (scheduledDate !== undefined) changes.scheduledDate = scheduledDate;
    if (time) changes.localTime = time.time;
    await this.streams.execute(taskStream(taskId), taskDecider, {
      type: 'UpdateTask',
      data: { changes, timezone, tasksOnNewDate: scheduledDate === undefined ? undefined : await this.tasks.countOn(childId, scheduledDate) },
      metadata,
    });
  }
}
