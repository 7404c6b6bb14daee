import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { localDate, type TaskInput } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { MedicationsQuery } from '../../../care-recipients';
import { initialTaskState, taskStream } from '../../domain/task';
import { taskDecider, type TaskCommand, type TaskDetailsInput } from '../../domain/task.decide';
import { DailyTasksQuery } from '../../read-models/daily-tasks/daily-tasks.query';
import { CareTeamClock } from '../../time/care-team-clock';
import { recipientMedication } from '../recipient-medication';
import { recipientTurns } from '../recipient-turns';
import { readDate, readTime, readTimes } from '../task-input';
import { commandOf } from '../../../../platform/commands/command';

/** Answers the ids of the tasks it created, in time order. */
export class ScheduleTasks extends commandOf<{ childId: string; input: TaskInput }, string[]>() {}

type ScheduleTask = Extract<TaskCommand, { type: 'ScheduleTask' }>;

/**
 * One task per time (scheduledTimes, else scheduledTime; an appointment at its start time), on
 * scheduledDate or today in the care team's zone; the tasks of one request share a taskGroupId.
 * Every task is decided before any is recorded, so one bad time records nothing at all; that
 * includes the tasks-a-day limit, counted and appended in the recipient's turn.
 */
@CommandHandler(ScheduleTasks)
export class ScheduleTasksHandler implements ICommandHandler<ScheduleTasks, string[]> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly clock: CareTeamClock,
    private readonly medications: MedicationsQuery,
    private readonly tasks: DailyTasksQuery,
  ) {}

  execute(command: ScheduleTasks): Promise<string[]> {
    return recipientTurns.run(command.childId, () => this.schedule(command));
  }

  private async schedule({ childId, input, metadata }: ScheduleTasks): Promise<string[]> {
    const timezone = await this.clock.timezoneFor(childId);
    const medicationId = await recipientMedication(this.medications, childId, input.medicationId);
    const single = readTime(input.scheduledTime, timezone);
    const isAppointment = input.category === 'appointment';
    const scheduledDate = readDate(input.scheduledDate, timezone) ?? single?.date ?? (isAppointment ? null : localDate(new Date(metadata.occurredAt), timezone));
    const times: (string | null)[] = isAppointment ? [single?.time ?? null] : readTimes(input.scheduledTimes, single?.time ?? null);
    if (times.length === 0) times.push(null); // the decider refuses: 'Please select at least one time for the task.'
    const details: Omit<TaskDetailsInput, 'timeSpecificNotes'> = {
      name: input.name,
      description: input.description ?? null,
      category: input.category,
      priority: input.priority ?? 'medium',
      isUrgent: input.isUrgent ?? false,
      medicationId: medicationId ?? null,
      imageUrl: input.imageUrl ?? null,
      timeSlot: input.timeSlot ?? null,
      taskGroupId: times.length > 1 ? randomUUID() : null,
      appointmentDetails: input.appointmentDetails ?? null,
    };
    const tasksThatDay = scheduledDate === null ? 0 : await this.tasks.countOn(childId, scheduledDate);
    const commands = times.map(
      (localTime, index): ScheduleTask => ({
        type: 'ScheduleTask',
        data: {
          taskId: randomUUID(),
          childId,
          templateId: null,
          details: { ...details, timeSpecificNotes: (localTime && input.timeNotes?.[localTime]) || input.timeSpecificNotes || null },
          schedule: { scheduledDate, localTime, timezone },
          tasksThatDay: tasksThatDay + index,
        },
        metadata,
      }),
    );
    for (const command of commands) taskDecider.decide(command, initialTaskState()); // all valid, or nothing is recorded
    await Promise.all(commands.map((command) => this.streams.execute(taskStream(command.data.taskId), taskDecider, command)));
    return commands.map((command) => command.data.taskId);
  }
}
