import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { ESCALATION_LIMITS } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { allJobIds, type PlannedJob, type ReminderJobData } from '../domain/reminder-plan';

export const REMINDERS_QUEUE = 'reminders';

/** Attempts of a job whose task the read model does not show yet (its transaction is still committing). */
const ATTEMPTS = 4;
const RETRY_MS = 1000;

/**
 * The reminder jobs of the tasks, as Bull delayed jobs in Redis (they survive restarts). Job ids are
 * deterministic (reminder-plan.ts), so adding a job twice keeps one, and a task's jobs can be found
 * again to move or cancel them.
 */
@Injectable()
export class ReminderQueue {
  constructor(
    @InjectQueue(REMINDERS_QUEUE) private readonly queue: Queue,
    @Inject(APP_CONFIG) readonly config: AppConfig,
  ) {}

  /**
   * A task's jobs become `jobs` (after a move, an edit, an undo). An escalation chain under way for
   * the same time keeps its later steps (a worker queued them; an edit must not end the chain).
   */
  async replace(taskId: string, jobs: PlannedJob[]): Promise<void> {
    const chain = jobs.map((job) => job.data).find((data): data is Extract<ReminderJobData, { kind: 'escalation' }> => data.kind === 'escalation');
    await this.cancel(taskId, (job) => !(chain && job.kind === 'escalation' && job.scheduledTime === chain.scheduledTime));
    await this.add(jobs);
  }

  async add(jobs: PlannedJob[]): Promise<void> {
    const now = Date.now();
    await Promise.all(
      jobs.map(({ id, data }) =>
        this.queue.add(data.kind, data, {
          jobId: id,
          delay: Math.max(0, data.fireAt - now),
          removeOnComplete: true,
          removeOnFail: 1000,
          attempts: ATTEMPTS,
          backoff: { type: 'fixed', delay: RETRY_MS },
        }),
      ),
    );
  }

  /** Removes the task's waiting jobs that `remove` picks (one being processed right now finishes; the decider refuses what is no longer due). */
  async cancel(taskId: string, remove: (job: ReminderJobData) => boolean = () => true): Promise<void> {
    await Promise.all(
      allJobIds(taskId, ESCALATION_LIMITS.maxSteps).map(async (id) => {
        const job = await this.queue.getJob(id);
        if (job && remove(job.data as ReminderJobData)) await job.remove().catch(() => undefined);
      }),
    );
  }
}
