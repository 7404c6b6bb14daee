import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bull';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { ProjectionChangeFeed } from '../../../platform/projections/projection-changes';
import { ChildrenQuery } from '../../care-recipients';
import { UsersQuery } from '../../identity';
import { PrayerTaskSync } from '../commands/prayer-task-sync';

export const PRAYER_TASKS_QUEUE = 'prayer-tasks';
/** As the recurring-tasks job: each user's local midnight is caught within a quarter hour, whatever the zone. */
const SWEEP_CRON = '*/15 * * * *';
const SWEEP_JOB = 'sweep';
const USER_JOB = 'sync-user';
/** Users read a page at a time. */
const PAGE = 200;
/** A recipient added or changed: its primary caregiver's prayer tasks are looked at this soon after. */
const USER_DELAY_MS = 300;
const CHILDREN_TOPIC = 'children';

/**
 * The sweep: every user with prayer tasks on, a page at a time, brought in line at `now`. That makes
 * each user's new local day (the five prayers once the date turns), follows a change of time zone
 * (PATCH /api/user/timezone, identity's, does not know about prayer tasks) and reaches a recipient
 * added since. One user failing is logged and retried on the next run; re-running makes nothing twice.
 */
@Injectable()
export class PrayerTasksJob {
  private readonly log = new Logger(PrayerTasksJob.name);

  constructor(
    private readonly prayerTasks: PrayerTaskSync,
    private readonly users: UsersQuery,
  ) {}

  async sweep(now: Date): Promise<{ users: number; scheduled: number; moved: number; removed: number; failed: number }> {
    const result = { users: 0, scheduled: 0, moved: 0, removed: 0, failed: 0 };
    const metadata: CommandMetadata = { actorId: null, correlationId: randomUUID(), occurredAt: now.toISOString() };
    for (let after: string | null = null; ; ) {
      const page = await this.users.withPrayerTasks(after, PAGE);
      for (const { userId } of page) {
        try {
          const done = await this.sync(userId, metadata);
          result.users += 1;
          result.scheduled += done.scheduled;
          result.moved += done.moved;
          result.removed += done.removed;
        } catch (error) {
          result.failed += 1;
          this.log.error(`prayer tasks of user ${userId}: ${(error as Error).stack ?? String(error)}`);
        }
      }
      if (page.length < PAGE) return result;
      after = page[page.length - 1].userId;
    }
  }

  /** One user's prayer tasks at `metadata.occurredAt`, recorded in their name (the job only carries out their setting). */
  sync(userId: string, metadata: CommandMetadata): Promise<{ scheduled: number; moved: number; removed: number }> {
    return this.prayerTasks.sync(userId, { ...metadata, actorId: userId }, false);
  }
}

/**
 * On the worker role only (as RecurringTasksWorker): a repeatable sweep every 15 minutes, and a job
 * for the primary caregiver of a recipient whose row changed (announced on the projection-change
 * channel once committed) when that caregiver has prayer tasks on, so a new recipient gets today's
 * at once; other families' recipient changes queue nothing.
 */
@Injectable()
export class PrayerTasksWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(PrayerTasksWorker.name);
  private unsubscribe: (() => void) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(PRAYER_TASKS_QUEUE) private readonly queue: Queue,
    private readonly job: PrayerTasksJob,
    private readonly children: ChildrenQuery,
    private readonly users: UsersQuery,
    private readonly changes: ProjectionChangeFeed,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.roles.includes('worker')) return;
    const stopped = (error: Error) => this.log.error(`prayer-tasks worker stopped: ${error.message}`);
    this.queue
      .process(SWEEP_JOB, 1, async () => {
        const result = await this.job.sweep(new Date());
        if (result.scheduled + result.moved + result.removed > 0 || result.failed > 0) {
          this.log.log(`prayer tasks of ${result.users} users: ${result.scheduled} made, ${result.moved} moved, ${result.removed} removed, ${result.failed} failed`);
        }
        return result;
      })
      .catch(stopped);
    this.queue
      .process(USER_JOB, 1, (job) => {
        const metadata = { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() };
        return this.job.sync((job.data as { userId: string }).userId, metadata);
      })
      .catch(stopped);
    await this.queue.add(SWEEP_JOB, {}, { repeat: { cron: SWEEP_CRON }, jobId: 'prayer-tasks-sweep', removeOnComplete: 10, removeOnFail: 10 });
    this.unsubscribe = await this.changes.subscribe((changes) => {
      const childIds = changes.filter((change) => change.changed.includes(CHILDREN_TOPIC)).map((change) => change.childId);
      if (childIds.length === 0) return;
      this.children
        .primaryCaregiversOf(childIds)
        .then((caregivers) => this.users.prayerTasksOnAmong(caregivers))
        .then((userIds) =>
          Promise.all(
            userIds.map((userId) => {
              const jobId = `${USER_JOB}:${userId}:${Math.floor(Date.now() / 1000)}`;
              return this.queue.add(USER_JOB, { userId }, { jobId, delay: USER_DELAY_MS, removeOnComplete: true, removeOnFail: 10 });
            }),
          ),
        )
        .catch(stopped);
    });
  }

  /** No more jobs queued once the app begins to close (its queue closes before Redis does). */
  beforeApplicationShutdown(): void {
    this.unsubscribe?.();
  }
}
