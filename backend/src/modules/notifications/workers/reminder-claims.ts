import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DATABASE_URL } from '../../../platform/database/database.tokens';
import { PgChannelListener } from '../../../platform/database/pg-channel-listener';
import { REMINDER_JOBS_CHANNEL, ReminderJobs, type ClaimedJob } from './reminder-jobs';
import { ReminderWorker, TaskNotProjectedYet } from './reminders.worker';

/** At most this many jobs in one claim, and this many claims running at once (one reads while one records). */
const MAX_BATCH = 256;
const BATCHES_AT_ONCE = 2;
/** A job claimed this many times without finishing (each of its workers died on it) is given up. */
const MAX_CLAIMS = 10;
/** With nothing due, the table is looked at again after this long at most (an announcement missed while the listener reconnected). */
const LONGEST_SLEEP_MS = 30_000;
/** A job due but not claimed (held by another transaction, such as a sync replanning it) is looked at again this soon. */
const HELD_RETRY_MS = 50;

/**
 * Worker role: claims due reminder jobs in batches and runs them (ReminderWorker.runBatch). It sleeps
 * until the next job's time (a timer), and wakes earlier when a job is added (LISTEN on
 * `reminder_jobs`, sent after the commit that added it); never a busy poll. Several worker processes
 * share the table: each claim takes other rows (SKIP LOCKED). Under a burst, a claim that came back
 * full starts the next one at once, two at a time, so one batch reads while the other records.
 */
@Injectable()
export class ReminderClaims implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(ReminderClaims.name);
  private readonly listener: PgChannelListener;
  private running = 0;
  private readonly runs = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private stopped = true;

  constructor(
    private readonly jobs: ReminderJobs,
    private readonly worker: ReminderWorker,
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.listener = new PgChannelListener({
      databaseUrl,
      channel: REMINDER_JOBS_CHANNEL,
      onPayload: (payload) => this.wakeAt(Number(payload)),
      wanted: () => !this.stopped,
      log: this.log,
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listener.listen().catch((error: Error) => this.log.error(`reminder jobs listener: ${error.message}; looking every ${LONGEST_SLEEP_MS / 1000} s`));
    this.wake();
  }

  /** No new claim; the batches under way finish (their jobs are recorded and sent) before the ORM closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    while (this.runs.size > 0) await Promise.all([...this.runs]);
    await this.listener.close();
  }

  /** A job becomes due at `at` (ms): wake then, unless already awake or waking sooner. */
  private wakeAt(at: number): void {
    if (this.stopped || !Number.isFinite(at)) return;
    const delay = at - Date.now();
    if (delay <= 0) return this.wake();
    if (this.running >= BATCHES_AT_ONCE || at >= this.timerAt) return; // the runs look at the next due time when they end
    this.sleep(delay);
  }

  private wake(): void {
    this.clearTimer();
    if (this.stopped || this.running >= BATCHES_AT_ONCE) return;
    this.running++;
    const run: Promise<void> = this.claimAndRun()
      .catch((error: Error) => this.log.error(`reminder jobs: ${error.message}`))
      .finally(() => {
        this.running--;
        this.runs.delete(run);
        if (this.running === 0) void this.sleepUntilNextDue();
      });
    this.runs.add(run);
  }

  /**
   * Claims and runs batches until nothing is due. A full claim starts a second runner beside this one
   * at once; a partial one sets the timer for the next job's time, so a job that comes due while this
   * batch runs is taken then by a second runner, not after this batch.
   */
  private async claimAndRun(): Promise<void> {
    while (!this.stopped) {
      const { claim, jobs } = await this.jobs.claim(MAX_BATCH, Date.now(), this.config.reminderClaimLeaseMs);
      if (jobs.length === 0) return;
      if (jobs.length === MAX_BATCH) this.wake();
      else void this.sleepUntilNextDue();
      await this.runClaimed(claim, jobs);
    }
  }

  private async runClaimed(claim: string, claimed: ClaimedJob[]): Promise<void> {
    const abandoned = claimed.filter((job) => job.attempts > MAX_CLAIMS);
    for (const job of abandoned) this.log.error(`reminder job ${job.id} was claimed ${job.attempts} times without finishing; given up`);
    const jobs = claimed.filter((job) => job.attempts <= MAX_CLAIMS);
    const outcomes = await this.worker.runBatch(jobs.map((job) => job.data));
    const done = abandoned.map((job) => job.id);
    const failed: string[] = [];
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') return done.push(jobs[i].id);
      failed.push(jobs[i].id);
      if (!(outcome.reason instanceof TaskNotProjectedYet)) this.log.warn(`reminder job ${jobs[i].id} failed: ${(outcome.reason as Error).message}`);
    });
    const givenUp = await this.jobs.finish(claim, done, failed, Date.now());
    for (const id of givenUp) this.log.warn(`reminder job ${id} failed on each attempt; given up`);
  }

  /** Sleep until the next job's time (one that is due but held elsewhere: shortly), unless both runners run. */
  private async sleepUntilNextDue(): Promise<void> {
    if (this.stopped || this.running >= BATCHES_AT_ONCE) return;
    try {
      const next = await this.jobs.nextDue();
      if (this.stopped || this.running >= BATCHES_AT_ONCE) return;
      const delay = next === null ? LONGEST_SLEEP_MS : Math.min(LONGEST_SLEEP_MS, next - Date.now());
      this.sleep(delay > 0 ? delay : HELD_RETRY_MS);
    } catch (error) {
      this.log.error(`reminder jobs: ${(error as Error).message}`);
      this.sleep(LONGEST_SLEEP_MS / 10);
    }
  }

  private sleep(delay: number): void {
    this.clearTimer();
    this.timerAt = Date.now() + delay;
    this.timer = setTimeout(() => this.wake(), delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }
}
