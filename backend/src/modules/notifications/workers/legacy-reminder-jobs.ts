import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bull';
import type { ReminderJobData } from '../domain/reminder-plan';
import { REMINDERS_QUEUE, ReminderJobs } from './reminder-jobs';

const PAGE = 500;

/**
 * Worker role, at start: the reminder jobs an older version left in Bull (the `reminders` queue,
 * before issue 22) are moved into `reminder_jobs` under the same ids, then removed from Redis. A job
 * is added before it is removed, so a crash in between leaves it in both places and the next start
 * moves it again (a known id is kept as it is); when it runs, the task's decider records it once.
 * Jobs a running older worker holds (active) finish there; failed ones had used their attempts.
 */
@Injectable()
export class LegacyReminderJobs implements OnApplicationBootstrap {
  private readonly log = new Logger(LegacyReminderJobs.name);

  constructor(
    @InjectQueue(REMINDERS_QUEUE) private readonly queue: Queue,
    private readonly jobs: ReminderJobs,
  ) {}

  onApplicationBootstrap(): void {
    this.drain().catch((error: Error) => this.log.error(`moving reminder jobs out of Bull: ${error.message}`));
  }

  /** Answers how many jobs it moved. */
  async drain(): Promise<number> {
    let moved = 0;
    for (;;) {
      const page = (await this.queue.getJobs(['waiting', 'delayed', 'paused'], 0, PAGE - 1)).filter((job) => job !== null && job !== undefined);
      if (page.length === 0) break;
      await this.jobs.add(page.map((job) => ({ id: String(job.id), data: job.data as ReminderJobData })));
      await Promise.all(page.map((job) => job.remove()));
      moved += page.length;
    }
    if (moved > 0) this.log.log(`moved ${moved} reminder jobs from Bull into reminder_jobs`);
    return moved;
  }
}
