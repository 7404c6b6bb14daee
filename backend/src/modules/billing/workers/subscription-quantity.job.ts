import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job, Queue } from 'bull';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { ProjectionChangeFeed, type ChildChanges } from '../../../platform/projections/projection-changes';
import { SyncSubscriptionQuantity } from '../commands/sync-subscription-quantity/sync-subscription-quantity.handler';
import { RECIPIENT_OWNERS_TOPIC } from '../read-models/recipient-owners/recipient-owners.projection';
import { RecipientOwnersQuery } from '../read-models/recipient-owners/recipient-owners.query';
import { BillingSubscriptionsQuery } from '../read-models/subscriptions/subscriptions.query';

export const SUBSCRIPTION_QUANTITY_QUEUE = 'billing-subscription-quantity';
export const QUANTITY_JOB = 'sync-quantity';
/** Stripe failing: tried again after 2 s, 4 s, 8 s, 16 s. */
const JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: true };

/** The users a batch of changes to billing_recipients concerns: owners of the changed recipients with a live per_child subscription. */
export async function usersToSync(changes: ChildChanges[], owners: RecipientOwnersQuery, subscriptions: BillingSubscriptionsQuery): Promise<string[]> {
  const childIds = changes.filter((change) => change.changed.includes(RECIPIENT_OWNERS_TOPIC)).map((change) => change.childId);
  if (childIds.length === 0) return [];
  return (await subscriptions.perChildAmong(await owners.ownersOf(childIds))).map((row) => row.userId);
}

/**
 * Per-child billing follows the recipients (docs/billing.md), on the worker role with STRIPE_* set:
 * once billing_recipients has applied an added or removed recipient (announced on the
 * projection-change channel after its commit; adding the recipient never waits for any of this),
 * the owner's quantity is synced in a Bull job, retried while Stripe fails. A job compares counts
 * when it runs, so repeated or late jobs change nothing.
 */
@Injectable()
export class SubscriptionQuantityWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(SubscriptionQuantityWorker.name);
  private unsubscribe: (() => void) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(SUBSCRIPTION_QUANTITY_QUEUE) private readonly queue: Queue,
    private readonly commands: CommandBus,
    private readonly owners: RecipientOwnersQuery,
    private readonly subscriptions: BillingSubscriptionsQuery,
    private readonly changes: ProjectionChangeFeed,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.roles.includes('worker') || !this.config.stripe) return;
    this.queue
      .process(QUANTITY_JOB, 1, (job: Job<{ userId: string }>) =>
        this.commands.execute(new SyncSubscriptionQuantity({ userId: job.data.userId, metadata: { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() } })),
      )
      .catch((error: Error) => this.log.error(`subscription-quantity worker stopped: ${error.message}`));
    this.unsubscribe = await this.changes.subscribe((changes) => {
      usersToSync(changes, this.owners, this.subscriptions)
        .then((userIds) => Promise.all(userIds.map((userId) => this.queue.add(QUANTITY_JOB, { userId }, JOB_OPTIONS))))
        .catch((error: Error) => this.log.error(`subscription-quantity: could not queue: ${error.message}`));
    });
  }

  beforeApplicationShutdown(): void {
    this.unsubscribe?.();
  }
}
