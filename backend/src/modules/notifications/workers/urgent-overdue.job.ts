import { randomUUID } from 'node:crypto';
import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue } from 'bull';
import { MarkUrgentOverdue, UrgentOverdueTasksQuery } from '../../scheduling';
import { NotificationsQuery } from '../read-models/notifications/notifications.query';

export const NOTIFICATIONS_QUEUE = 'notifications';
export const URGENT_OVERDUE_JOB = 'urgent-overdue';
/** Tasks further past their time than this are not alerted any more (e.g. after a long outage). */
export const URGENT_OVERDUE_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * The overdue worker's core: every pending urgent task whose time is past `now` (within the
 * lookback) and that was not alerted yet gets MarkUrgentOverdue. The task decider records
 * TaskBecameUrgentOverdue at most once, so overlapping runs or workers alert once; the
 * notifications projection then tells every caregiver of the recipient.
 */
@Injectable()
export class UrgentOverdueJob {
  private readonly log = new Logger(UrgentOverdueJob.name);

  constructor(
    private readonly tasks: UrgentOverdueTasksQuery,
    private readonly notifications: NotificationsQuery,
    private readonly commands: CommandBus,
  ) {}

  /** One run at `now`; answers how many tasks it flagged. */
  async run(now: Date): Promise<number> {
    const candidates = await this.tasks.pendingUrgentPast(now, URGENT_OVERDUE_LOOKBACK_MS);
    const alerted = await this.notifications.alertedTasks(candidates.map((c) => c.taskId));
    let flagged = 0;
    for (const { taskId } of candidates.filter((c) => !alerted.has(c.taskId))) {
      try {
        const recorded = await this.commands.execute(
          new MarkUrgentOverdue(taskId, { actorId: null, correlationId: randomUUID(), occurredAt: now.toISOString() }),
        );
        if (recorded) flagged++;
      } catch (error) {
        this.log.error(`urgent-overdue: task ${taskId}: ${(error as Error).message}`);
      }
    }
    return flagged;
  }
}

/** Worker role only: runs the job when Bull hands it over. */
@Processor(NOTIFICATIONS_QUEUE)
export class UrgentOverdueProcessor {
  constructor(private readonly job: UrgentOverdueJob) {}

  @Process(URGENT_OVERDUE_JOB)
  run(): Promise<number> {
    return this.job.run(new Date());
  }
}

/** Worker role only: a repeatable job every minute (one schedule however many workers start). */
@Injectable()
export class UrgentOverdueSchedule implements OnApplicationBootstrap {
  constructor(@InjectQueue(NOTIFICATIONS_QUEUE) private readonly queue: Queue) {}
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.add(URGENT_OVERDUE_JOB, {}, { repeat: { cron: '* * * * *' }, jobId: URGENT_OVERDUE_JOB, removeOnComplete: 10, removeOnFail: 10 });
  }
}
