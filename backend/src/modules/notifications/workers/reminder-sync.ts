import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ProjectionChangeFeed } from '../../../platform/projections/projection-changes';
import { planReminders } from '../domain/reminder-plan';
import { pendingInOutbox, removeFromOutbox } from '../read-models/reminder-tasks/reminder-outbox';
import { ReminderTasksQuery } from '../read-models/reminder-tasks/reminder-tasks.query';
import { AlertSettings } from './alert-settings';
import { ReminderJobs, type TaskPlan } from './reminder-jobs';

const BATCH = 200;
/** The outbox is also looked at this often (an announcement missed, a failed run). */
const SWEEP_MS = 2000;
const LIVE_TOPIC = 'reminders';

/**
 * Applies the reminder scheduler's outbox (reminder-outbox.ts) to `reminder_jobs`, oldest first: a
 * task's jobs planned again from its row as it is now (no row: cancelled), a refill job added. An entry
 * leaves the outbox in the transaction that writes its jobs; a batch that fails stays for the next run.
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
    private readonly jobs: ReminderJobs,
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
   * entry's jobs written and the entries removed from the outbox, in one transaction (a few
   * statements for the whole batch). Under a schedule's burst (thousands of tasks materialised at
   * once) this keeps the jobs ahead of the reminders' times.
   */
  private async drainOnce(): Promise<number> {
    let applied = 0;
    for (;;) {
      const entries = await pendingInOutbox(this.em.fork(), BATCH);
      if (entries.length === 0) return applied;
      const taskIds = entries.flatMap((entry) => (entry.job ? [] : [entry.id]));
      const tasks = await this.tasks.withTeams(taskIds);
      const families = new Set([...tasks.values()].flatMap(({ team }) => (team ? [team.primaryUserId] : [])));
      const policies = new Map(await Promise.all([...families].map(async (userId) => [userId, await this.settings.policyOf(userId)] as const)));
      const defaultPolicy = await this.settings.policyOf(null);
      const now = Date.now();
      const plans: TaskPlan[] = taskIds.map((taskId) => {
        const found = tasks.get(taskId);
        if (!found) return { taskId, jobs: [] }; // no row: its jobs are cancelled
        const policy = found.team ? policies.get(found.team.primaryUserId)! : defaultPolicy;
        return { taskId, jobs: planReminders(found.task, { now, minuteMs: this.jobs.config.reminderMinuteMs, firstStepAfterMinutes: policy.steps[0]?.afterMinutes ?? null }) };
      });
      const added = entries.flatMap((entry) => (entry.job ? [{ id: entry.id, data: entry.job }] : []));
      await this.jobs.write({ plans, added }, (em) => removeFromOutbox(em, entries));
      applied += entries.length;
      if (entries.length < BATCH) return applied;
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
