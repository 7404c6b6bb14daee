import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue } from 'bull';
import { isStockLow } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { ProjectionChangeFeed } from '../../../platform/projections/projection-changes';
import { ExecuteCareRecipientCommand } from '../commands/execute-care-recipient-command';
import { MedicationStockQuery, type StockFigures } from '../read-models/medication-stock/medication-stock.query';

export const REFILL_REMINDERS_QUEUE = 'refill-reminders';
const CHECK_JOB = 'check-recipient';
const SWEEP_JOB = 'sweep';
/** The rate of a medication without repeating schedules moves with time (its next 7 days): swept this often. */
const SWEEP_CRON = '*/15 * * * *';
/** Changes within this window are checked together. */
const CHECK_DELAY_MS = 300;
const LIVE_TOPIC = 'medications';

/**
 * The refill reminder's core: every tracked medication whose reminder is armed and whose stock
 * covers fewer than refillThresholdDays days at the scheduled rate gets RecordMedicationStockLow.
 * The decider records MedicationStockLow once per refill cycle, so overlapping runs or two workers
 * record it once; the notifications projection then tells the primary caregiver.
 */
@Injectable()
export class RefillReminderJob {
  private readonly log = new Logger(RefillReminderJob.name);

  constructor(
    private readonly stock: MedicationStockQuery,
    private readonly commands: CommandBus,
  ) {}

  /** Every recipient (the periodic sweep). Answers how many medications were checked as low. */
  sweep(now: Date): Promise<number> {
    return this.stock.armed(now).then((figures) => this.remind(figures, now));
  }

  /** One recipient's medications (after their stock or schedules changed). */
  async check(childId: string, now: Date): Promise<number> {
    return this.remind([...(await this.stock.forChild(childId, now)).values()], now);
  }

  private async remind(figures: StockFigures[], now: Date): Promise<number> {
    let low = 0;
    for (const medication of figures) {
      if (!medication.reminderArmed || medication.stock === null || !isStockLow(medication.daysLeft, medication.refillThresholdDays)) continue;
      low++;
      const metadata = { actorId: null, correlationId: randomUUID(), occurredAt: now.toISOString() };
      const observed = { stock: medication.stock, dosesPerDay: medication.dosesPerDay };
      try {
        await this.commands.execute(
          new ExecuteCareRecipientCommand(medication.childId, { type: 'RecordMedicationStockLow', data: { medicationId: medication.medicationId, observed }, metadata }),
        );
      } catch (error) {
        this.log.error(`refill reminder: medication ${medication.medicationId}: ${(error as Error).message}`);
      }
    }
    return low;
  }
}

/**
 * On the worker role only (the care-recipients module is not built per role, so the role is checked
 * here, as RecurringTasksWorker does): a job per recipient whose medication stock read model changed
 * (announced on the projection-change channel once committed, so this works when the projector runs
 * elsewhere; the job id merges changes within a second), and a sweep every 15 minutes for what moves
 * with time alone.
 */
@Injectable()
export class RefillRemindersWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(RefillRemindersWorker.name);
  private unsubscribe: (() => void) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(REFILL_REMINDERS_QUEUE) private readonly queue: Queue,
    private readonly job: RefillReminderJob,
    private readonly changes: ProjectionChangeFeed,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.roles.includes('worker')) return;
    const stopped = (error: Error) => this.log.error(`refill-reminders worker stopped: ${error.message}`);
    this.queue.process(CHECK_JOB, 1, (job) => this.job.check((job.data as { childId: string }).childId, new Date())).catch(stopped);
    this.queue.process(SWEEP_JOB, 1, () => this.job.sweep(new Date())).catch(stopped);
    await this.queue.add(SWEEP_JOB, {}, { repeat: { cron: SWEEP_CRON }, jobId: 'refill-reminders-sweep', removeOnComplete: 10, removeOnFail: 10 });
    this.unsubscribe = await this.changes.subscribe((changes) => {
      for (const { childId, changed } of changes) {
        if (!changed.includes(LIVE_TOPIC)) continue;
        const jobId = `${CHECK_JOB}:${childId}:${Math.floor(Date.now() / 1000)}`;
        this.queue.add(CHECK_JOB, { childId }, { jobId, delay: CHECK_DELAY_MS, removeOnComplete: true, removeOnFail: 10 }).catch(stopped);
      }
    });
  }

  /** No more checks queued once the app begins to close (its queue closes before Redis does). */
  beforeApplicationShutdown(): void {
    this.unsubscribe?.();
  }
}
