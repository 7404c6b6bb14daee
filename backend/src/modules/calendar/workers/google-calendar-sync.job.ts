import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job, Queue } from 'bull';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../platform/commands/domain-error';
import { ProjectionChangeFeed, type ChildChanges } from '../../../platform/projections/projection-changes';
import { ChildrenQuery } from '../../care-recipients';
import { SyncGoogleCalendar } from '../commands/sync-google-calendar/sync-google-calendar.handler';
import { CalendarIntegrationsQuery } from '../read-models/calendar-integrations/calendar-integrations.query';
import { GoogleCalendarEventsQuery } from '../read-models/google-calendar-events/google-calendar-events.query';

export const GOOGLE_CALENDAR_SYNC_QUEUE = 'google-calendar-sync';
export const SYNC_JOB = 'sync-user';
/** Changes within this long after the first are taken by one sync (a schedule's burst of tasks: one sync). */
export const SYNC_DELAY_MS = 3000;
/**
 * Calls that change Google (insert, update, delete) one job makes at most; what is left is taken by a
 * follow-up job, so a first sync of many appointments is spread over several jobs, each short.
 */
export const SYNC_MAX_WRITES_PER_JOB = 25;
/** Google failing (5xx, network): tried again after 2 s, 4 s, 8 s, 16 s. */
const ATTEMPTS = 5;
const BACKOFF_MS = 2000;
/**
 * Live topics whose change may change a user's appointments: a recipient's tasks, its row (its name
 * is in the events' titles), who sees it (access granted or ended, the recipient removed).
 */
const TOPICS = ['tasks', 'children', 'child-access'];
/** Outcomes a retry cannot change: not connected any more, or Google refused the grant (recorded; the user must connect again). */
const FINAL = ['CALENDAR.NOT_CONNECTED', 'CALENDAR.NEEDS_RECONNECT'];

/**
 * Which connected users' Google calendars a batch of read-model changes may concern: those who see a
 * changed recipient now, and those holding Google events of its appointments (one whose access ended,
 * or whose recipient was removed, sees it no more). A sync that finds nothing changed sends nothing.
 */
export async function usersToSync(changes: ChildChanges[], children: ChildrenQuery, events: GoogleCalendarEventsQuery, integrations: CalendarIntegrationsQuery): Promise<string[]> {
  const childIds = changes.filter((change) => change.changed.some((topic) => TOPICS.includes(topic))).map((change) => change.childId);
  if (childIds.length === 0) return [];
  const [viewers, holders] = await Promise.all([children.viewersOf(childIds), events.holdersOf(childIds)]);
  return integrations.activeAmong([...new Set([...viewers, ...holders])]);
}

const JOB_OPTIONS = { delay: SYNC_DELAY_MS, attempts: ATTEMPTS, backoff: { type: 'exponential', delay: BACKOFF_MS }, removeOnComplete: true, removeOnFail: true };

/**
 * A sync job for the user, coalesced: a change finds the user's waiting job (its id is the user's, or
 * the follow-up's) and is taken by it, since the job reads the read models only when it runs; while
 * one runs (it may have read before the change), the follow-up is added; when both run, another.
 */
export async function enqueueSync(queue: Queue, userId: string): Promise<void> {
  for (const jobId of [userId, `${userId}:again`]) {
    const existing = await queue.getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'waiting' || state === 'delayed' || state === 'paused') return;
      if (state === 'active') continue;
      await existing.remove().catch(() => undefined); // completed or failed, kept for a moment
    }
    await queue.add(SYNC_JOB, { userId }, { ...JOB_OPTIONS, jobId });
    return;
  }
  await queue.add(SYNC_JOB, { userId }, { ...JOB_OPTIONS, jobId: `${userId}:${randomUUID()}` });
}

/**
 * Background sync (docs/calendar.md), on the worker role and only with GOOGLE_* set: when a
 * recipient's tasks or access change (announced on the projection-change channel once committed),
 * each connected user who may see a difference gets a sync job (SyncGoogleCalendar, as the Sync
 * button), making at most SYNC_MAX_WRITES_PER_JOB changes at Google, the rest in a follow-up job.
 * Jobs are coalesced per user: while one waits, later changes join it; a change during a
 * running sync queues one more. Google failing is retried with backoff; invalid_grant is recorded by
 * the sync (the tab then asks to reconnect) and not retried.
 */
@Injectable()
export class GoogleCalendarSyncWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(GoogleCalendarSyncWorker.name);
  private unsubscribe: (() => void) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(GOOGLE_CALENDAR_SYNC_QUEUE) private readonly queue: Queue,
    private readonly commands: CommandBus,
    private readonly children: ChildrenQuery,
    private readonly integrations: CalendarIntegrationsQuery,
    private readonly events: GoogleCalendarEventsQuery,
    private readonly changes: ProjectionChangeFeed,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.roles.includes('worker') || !this.config.google) return;
    this.queue.process(SYNC_JOB, 1, (job: Job<{ userId: string }>) => this.sync(job.data.userId)).catch((error: Error) => this.log.error(`google-calendar-sync worker stopped: ${error.message}`));
    this.unsubscribe = await this.changes.subscribe((changes) => {
      usersToSync(changes, this.children, this.events, this.integrations)
        .then((userIds) => Promise.all(userIds.map((userId) => enqueueSync(this.queue, userId))))
        .catch((error: Error) => this.log.error(`google-calendar-sync: could not queue: ${error.message}`));
    });
  }

  private async sync(userId: string): Promise<{ created: number; updated: number; deleted: number; more: boolean } | { skipped: string }> {
    const metadata = { actorId: userId, correlationId: randomUUID(), occurredAt: new Date().toISOString() };
    try {
      const { created, updated, deleted, more } = await this.commands.execute(new SyncGoogleCalendar({ userId, metadata, maxWrites: SYNC_MAX_WRITES_PER_JOB }));
      // Stopped at its bound: the rest in a follow-up (this job is active, so enqueueSync adds one).
      if (more) await enqueueSync(this.queue, userId);
      return { created, updated, deleted, more };
    } catch (error) {
      if (error instanceof DomainError && FINAL.includes(error.code)) return { skipped: error.code };
      this.log.warn(`Google Calendar background sync of user ${userId} failed (retried): ${(error as Error).message}`);
      throw error;
    }
  }

  /** No more jobs queued once the app begins to close (its queue closes before Redis does). */
  beforeApplicationShutdown(): void {
    this.unsubscribe?.();
  }
}
