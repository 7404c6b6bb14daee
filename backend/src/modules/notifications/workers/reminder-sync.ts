import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ProjectionChangeFeed } from '../../../platform/projections/projection-changes';
import { planReminders } from '../domain/reminder-plan';
import { pendingInOutbox, removeFromOutbox } from '../read-models/reminder-tasks/reminder-outbox';
import { ReminderTasksQuery } from '../read-models/reminder-tasks/reminder-tasks.query';
import { AlertSettings } from './alert-settings';
import { ReminderQueue } from './reminder-queue';

const BATCH = 200;
/** The outbox is also looked at this often (Redis back after an outage, an announcement missed). */
const SWEEP_MS = 2000;
const LIVE_TOPIC = 'reminders';

/**
 * Applies the reminder scheduler's outbox (reminder-outbox.ts) to Bull, oldest first: a task's jobs
 * planned again from its row as it is now (no row: cancelled), a refill job added. An entry leaves
 * the outbox only once Redis has taken it; one that fails stays for the next run, and the others go on.
 */
@Injectable()
export class ReminderSync {
  private readonly log = new Logger(ReminderSync.name);
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly em: EntityManager,
    private readonly tasks: ReminderTasksQuery,
    private readonly settings: AlertSettings,
    private readonly queue: ReminderQueue,
  ) {}

  /** One run at a time in this process; a call during a run makes it look again when done. Answers how many entries it applied. */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      let applied = 0;
      do {
        this.again = false;
        applied += await this.drainOnce();
      } while (this.again);
      return applied;
    };
    this.running = run().finally(() => (this.running = null));
    return this.running;
  }

  /** Resolves once no run is in progress (failed runs included). */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /**
   * A batch at a time: its tasks read in one query, the families' policies once each, then every
   * entry applied to Redis at once (entries have distinct ids, so none depends on another), and the
   * applied ones removed in one statement. Under a schedule's burst (thousands of tasks materialised
   * at once) this keeps Redis ahead of the reminders' times.
   */
  private async drainOnce(): Promise<number> {
    let applied = 0;
    for (;;) {
      const entries = await pendingInOutbox(this.em.fork(), BATCH);
      const taskIds = entries.flatMap((entry) => (entry.job ? [] : [entry.id]));
      const tasks = await this.tasks.withTeams(taskIds);
      const families = new Set([...tasks.values()].flatMap(({ team }) => (team ? [team.primaryUserId] : [])));
      const policies = new Map(await Promise.all([...families].map(async (userId) => [userId, await this.settings.policyOf(userId)] as const)));
      const outcomes = await Promise.allSettled(
        entries.map(async (entry) => {
          if (entry.job) return this.queue.add([{ id: entry.id, data: entry.job }]);
          const found = tasks.get(entry.id);
          if (!found) return this.queue.cancel(entry.id);
          const policy = found.team ? policies.get(found.team.primaryUserId)! : await this.settings.policyOf(null);
          const jobs = planReminders(found.task, { now: Date.now(), minuteMs: this.queue.config.reminderMinuteMs, firstStepAfterMinutes: policy.steps[0]?.afterMinutes ?? null });
          return this.queue.replace(entry.id, jobs);
        }),
      );
      const done = entries.filter((entry, i) => {
        const outcome = outcomes[i];
        if (outcome.status === 'rejected') this.log.warn(`reminder jobs of ${entry.id} not updated yet: ${(outcome.reason as Error).message}`);
        return outcome.status === 'fulfilled';
      });
      await removeFromOutbox(this.em.fork(), done);
      applied += done.length;
      if (entries.length < BATCH || done.length < entries.length) return applied;
    }
  }
}

/** Worker role: runs the sync when the scheduler announces a change (after its commit) and every SWEEP_MS. */
@Injectable()
export class ReminderSyncTrigger implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(ReminderSyncTrigger.name);
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sync: ReminderSync,
    private readonly changes: ProjectionChangeFeed,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.timer = setInterval(this.kick, SWEEP_MS);
    this.kick();
    this.unsubscribe = await this.changes.subscribe((changes) => {
      if (changes.some((change) => change.changed.includes(LIVE_TOPIC))) this.kick();
    });
  }

  /** No new run, and the one in progress finished, before the ORM and Redis close (onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.sync.settled();
  }

  private readonly kick = () => {
    this.sync.drain().catch((error: Error) => this.log.error(`reminder sync: ${error.message}`));
  };
}
