import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { taskStream, type TaskEvent } from '../../domain/task';
import { taskDecider, type TaskCommand } from '../../domain/task.decide';

export type TaskAlertCommand = Extract<TaskCommand, { type: 'RecordTaskReminder' | 'ReachEscalationStep' | 'AcknowledgeTaskAlert' }>;

/**
 * Reminders, escalation steps and acknowledgements, recorded on the task's own stream so its History
 * shows who was alerted, when and how, and who acknowledged. Answers what was recorded (nothing when
 * the decider says the alert is not due any more, or was already recorded by another worker): a
 * worker sends only what it recorded, so two workers never send the same reminder twice.
 * Acknowledgements (a caregiver's request) wait for the projections; workers do not.
 */
export class RecordTaskAlert extends Command<TaskEvent[]> {
  constructor(
    readonly taskId: string,
    readonly command: TaskAlertCommand,
  ) {
    super();
  }
}

@CommandHandler(RecordTaskAlert)
export class RecordTaskAlertHandler implements ICommandHandler<RecordTaskAlert, TaskEvent[]> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ taskId, command }: RecordTaskAlert): Promise<TaskEvent[]> {
    const awaitProjections = command.type === 'AcknowledgeTaskAlert';
    return (await this.streams.execute(taskStream(taskId), taskDecider, command, { awaitProjections })).events;
  }
}

/**
 * A worker's batch of reminders and escalation steps (a whole region's 8:00 reminders), one per task
 * stream, recorded in one append (EventSourcedStreams.executeMany). Answers each alert's recorded
 * events, or why it failed, in order; like RecordTaskAlert, nothing recorded means nothing to send.
 */
export class RecordTaskAlerts extends Command<PromiseSettledResult<TaskEvent[]>[]> {
  constructor(readonly alerts: { taskId: string; command: TaskAlertCommand }[]) {
    super();
  }
}

@CommandHandler(RecordTaskAlerts)
export class RecordTaskAlertsHandler implements ICommandHandler<RecordTaskAlerts, PromiseSettledResult<TaskEvent[]>[]> {
  constructor(private readonly streams: EventSourcedStreams) {}

  execute({ alerts }: RecordTaskAlerts): Promise<PromiseSettledResult<TaskEvent[]>[]> {
    return this.streams.executeMany(
      taskDecider,
      alerts.map(({ taskId, command }) => ({ streamId: taskStream(taskId), command })),
    );
  }
}
