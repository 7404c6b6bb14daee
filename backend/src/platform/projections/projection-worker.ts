import type { Logger } from '@nestjs/common';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import type { EventFeed } from './event-feed';
import type { Projection } from './projection';
import { changedChildren } from './projection-changes';
import { backoff, isTransient, MAX_ATTEMPTS, park } from './projection-failures';

const BATCH_SIZE = 500;
const IDLE_WAIT_MS = 250;
/** A projection that only skips events stores its checkpoint at most this often. */
const SKIP_CHECKPOINT_MS = 1000;
/**
 * A projection commands do not wait for (awaitedByCommands: false) lets new events gather this long
 * before it applies them, so a busy minute costs it a few transactions instead of one per event.
 */
export const BACKGROUND_GATHER_MS = 100;

export interface WorkerHooks {
  /** The process's event feed, when it is open. */
  feed(): EventFeed | null;
  /** The worker's cursor moved (events applied, skipped or parked). */
  advanced(worker: ProjectionWorker): void;
  /** An event was parked after its retries. */
  parked(worker: ProjectionWorker, event: RecordedEvent, error: unknown): void;
  /**
   * A batch committed that changed these recipients' read models (live updates). Never for a rolled
   * back batch; a crash right after the commit costs open dashboards one live refresh.
   */
  changed(worker: ProjectionWorker, childIds: string[]): void;
}

/** The stored checkpoint is not the one this worker stored last: another projector applied these events. */
class CheckpointMoved extends Error {}

/**
 * Runs one projection in this process while the runner holds its lock: takes events after its cursor
 * from the feed (or from the store while behind it), applies those it handles and its checkpoint in
 * one transaction, and skips the rest. A batch that fails is applied again event by event; an event
 * that still fails after MAX_ATTEMPTS tries is parked in `projection_failures` and the projection
 * moves on. Outages (isTransient) are waited out, never parked.
 */
export class ProjectionWorker {
  private stopped = false;
  private done: Promise<void> = Promise.resolve();
  private wake: () => void = () => {};
  private checkpointStoredAt = 0;
  private storedCheckpoint: bigint | null;
  /** Oldest event read but not yet applied (for lag metrics). */
  pendingSince: RecordedEvent | null = null;

  constructor(
    readonly projection: Projection,
    /** Last position applied (or skipped), as stored in projection_checkpoints. */
    public cursor: bigint | null,
    private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly hooks: WorkerHooks,
    private readonly log: Logger,
  ) {
    this.storedCheckpoint = cursor;
  }

  get name(): string {
    return this.projection.name;
  }

  start(): void {
    this.done = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.done;
    this.hooks.feed()?.detach(this.name);
    if (this.cursor !== this.storedCheckpoint) await this.storeCheckpoint().catch(() => undefined);
  }

  private async run(): Promise<void> {
    let outage = 0;
    while (!this.stopped) {
      try {
        const batch = await this.nextBatch();
        if (batch === null) {
          await this.storeSkippedCheckpoint(); // the last events it skipped, once no more come
          continue;
        }
        await this.apply(batch);
        outage = 0;
      } catch (error) {
        // Only transient errors reach here (apply() parks the others): wait the outage out.
        this.hooks.feed()?.detach(this.name);
        this.log.error(`projection ${this.name}: ${(error as Error).message}; retrying`);
        await this.pause(backoff(++outage));
      }
    }
  }

  /** The next events after the cursor, or null after waiting for some. */
  private async nextBatch(): Promise<RecordedEvent[] | null> {
    const feed = this.hooks.feed();
    const fromFeed = feed?.after(this.cursor, BATCH_SIZE) ?? null;
    if (feed && fromFeed !== null) {
      feed.attach(this.name, this.cursor);
      if (fromFeed.length > 0) return this.gather(fromFeed);
      await Promise.race([feed.next(IDLE_WAIT_MS), this.pause(IDLE_WAIT_MS)]);
      return null;
    }
    feed?.detach(this.name); // behind the feed: read the store until it is caught up
    const fromStore = await this.store.readAll(this.cursor, BATCH_SIZE);
    if (fromStore.length > 0) return fromStore;
    await this.pause(IDLE_WAIT_MS);
    return null;
  }

  /** For a background projection, what gathered after `first` came (it holds the feed at its cursor meanwhile). */
  private async gather(first: RecordedEvent[]): Promise<RecordedEvent[]> {
    if (this.projection.awaitedByCommands !== false || first.length >= BATCH_SIZE) return first;
    await this.pause(BACKGROUND_GATHER_MS);
    const gathered = this.hooks.feed()?.after(this.cursor, BATCH_SIZE);
    return gathered && gathered.length > 0 ? gathered : first;
  }

  private async apply(batch: RecordedEvent[]): Promise<void> {
    const handled = batch.filter((event) => this.projection.handles.includes(event.type));
    const last = batch[batch.length - 1].position;
    this.pendingSince = handled[0] ?? null;
    if (handled.length === 0) {
      this.advance(last);
      await this.storeSkippedCheckpoint();
      return;
    }
    try {
      await this.transaction(handled, last);
    } catch (error) {
      if (isTransient(error)) throw error;
      await this.applyOneByOne(handled, last);
    }
    this.pendingSince = null;
  }

  /** After a failed batch: each event in its own transaction, retried with back-off, then parked. */
  private async applyOneByOne(handled: RecordedEvent[], last: bigint): Promise<void> {
    const feed = this.hooks.feed();
    for (const event of handled) {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.transaction([event], event.position);
          break;
        } catch (error) {
          if (isTransient(error)) throw error;
          if (attempt >= MAX_ATTEMPTS) {
            await this.orm.em.fork().transactional(async (em) => {
              await park(em, this.name, event, error, attempt);
              await this.writeCheckpoint(em, event.position);
            });
            this.storedCheckpoint = event.position;
            this.log.error(
              `projection ${this.name} parked event ${event.id} (${event.type}, position ${event.position}, correlation id ${event.metadata.correlationId}) after ${attempt} tries: ${(error as Error).message}`,
            );
            this.hooks.parked(this, event, error);
            this.advance(event.position);
            break;
          }
          feed?.detach(this.name); // never hold the feed while backing off
          await this.pause(backoff(attempt));
        }
      }
    }
    if (this.cursor !== last) await this.transaction([], last);
  }

  /**
   * Applies events and stores `checkpoint` in one transaction, which commits only if the stored
   * checkpoint is still the one this worker stored last: another projector that applied the same
   * events meanwhile (one that lost its lock and went on) makes it roll back, and the worker goes on
   * from that projector's checkpoint. Announces changed recipients to live updates.
   */
  private async transaction(events: RecordedEvent[], checkpoint: bigint): Promise<void> {
    for (;;) {
      const expected = this.storedCheckpoint;
      const unapplied = events.filter((event) => expected === null || event.position > expected);
      try {
        await this.orm.em.fork().transactional(async (em) => {
          await this.applyEvents(em, unapplied);
          if (!(await this.claimCheckpoint(em, expected, checkpoint))) throw new CheckpointMoved();
        });
      } catch (error) {
        if (!(error instanceof CheckpointMoved)) throw error;
        const stored = await this.readCheckpoint();
        this.log.warn(`projection ${this.name}: another projector moved its checkpoint to ${stored}; going on from there`);
        this.storedCheckpoint = stored;
        if (stored !== null && stored >= checkpoint) {
          this.advance(stored);
          return;
        }
        continue;
      }
      this.checkpointStoredAt = Date.now();
      this.storedCheckpoint = checkpoint;
      this.advance(checkpoint);
      this.hooks.changed(this, changedChildren(unapplied));
      return;
    }
  }

  /**
   * Several events at once set-based when the projection can (applyBatch leaves exactly the rows apply
   * leaves one event at a time: the rebuild tests compare them), so a batch gathered under load costs a
   * few statements instead of a few per event, and its transaction, which holds back every reader of
   * the store while it runs, ends sooner.
   */
  private async applyEvents(em: EntityManager, events: RecordedEvent[]): Promise<void> {
    if (events.length > 1 && this.projection.applyBatch) return this.projection.applyBatch(em, events);
    for (const event of events) await this.projection.apply(em, event);
  }

  /**
   * The checkpoint moved from `expected` to `position`, in one statement at the end of the
   * transaction (a lock taken at its start would make it a writing transaction from the first
   * statement, holding back every reader of the store meanwhile: docs/event-store.md). False when the
   * stored checkpoint is no longer `expected`. With synchronous_commit off for this transaction
   * only: its events are already durable in the store and the checkpoint commits (or is lost in a
   * crash) with the rows, so a lost commit is applied again from the store after a restart; the
   * commit then returns without waiting for the WAL flush.
   */
  private async claimCheckpoint(em: EntityManager, expected: bigint | null, position: bigint): Promise<boolean> {
    const rows: unknown[] = await em.execute(
      `INSERT INTO projection_checkpoints (name, position, updated_at)
       SELECT ?, ?, now() FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = now()
        WHERE projection_checkpoints.position IS NOT DISTINCT FROM ?::numeric
       RETURNING position`,
      [this.name, position.toString(), expected === null ? null : expected.toString()],
    );
    return rows.length === 1;
  }

  private async readCheckpoint(): Promise<bigint | null> {
    const rows: { position: string }[] = await this.orm.em.fork().execute('SELECT position FROM projection_checkpoints WHERE name = ?', [this.name]);
    return rows.length > 0 ? BigInt(rows[0].position) : null;
  }

  /** Skipped events move the stored checkpoint at most once a second, and always soon after the last one. */
  private async storeSkippedCheckpoint(): Promise<void> {
    if (this.cursor !== this.storedCheckpoint && Date.now() - this.checkpointStoredAt > SKIP_CHECKPOINT_MS) await this.storeCheckpoint();
  }

  private async storeCheckpoint(): Promise<void> {
    if (this.cursor === null) return;
    const position = this.cursor;
    // One statement: atomic without a transaction of its own (a BEGIN and a COMMIT fewer per write).
    await this.writeCheckpoint(this.orm.em.fork(), position);
    this.checkpointStoredAt = Date.now();
    this.storedCheckpoint = position;
  }

  private async writeCheckpoint(em: EntityManager, position: bigint): Promise<void> {
    await em.execute(
      `INSERT INTO projection_checkpoints (name, position, updated_at) VALUES (?, ?, now())
       ON CONFLICT (name) DO UPDATE SET position = greatest(projection_checkpoints.position, excluded.position), updated_at = now()`,
      [this.name, position.toString()],
    );
  }

  private advance(position: bigint): void {
    if (this.cursor !== null && position <= this.cursor) return;
    this.cursor = position;
    this.hooks.feed()?.attach(this.name, position);
    this.hooks.advanced(this);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
