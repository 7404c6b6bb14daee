import { EventEmitter } from 'node:events';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { DATABASE_URL, PG_POOL } from '../database/database.tokens';
import { EventFeed } from './event-feed';
import { ReadModelProjection, type Projection } from './projection';
import { describeError, parkedEvents, ProjectionFailedError, RebuildFailedError } from './projection-failures';
import { ProjectionWorker } from './projection-worker';
import type { ProjectionMetric, ProjectionMetricsSource } from '../metrics/projection-metrics';
import { SessionLocks } from './session-locks';
import { changedChildren, PROJECTION_CHANGES_CHANNEL, ProjectionChangePublisher } from './projection-changes';
import { createShadowTables, dropShadowTables, SHADOW_SCHEMA, switchIn, USE_SHADOW_TABLES } from './shadow-tables';

const STANDBY_RETRY_MS = 2000;
const WAIT_POLL_MS = 25;
/** Events read from the store at a time by a rebuild, and handed to each projection together. */
const REBUILD_BATCH = 5000;
/** Parked event ids remembered in memory, so a waiting command learns its event was parked. */
const PARKED_MEMORY = 1000;
/**
 * Events a projection's share of an online rebuild commits at a time. Each of those transactions
 * holds back what the live projectors may read of the store while it runs (docs/event-store.md:
 * readers stop below the oldest open writing transaction), so they are kept short.
 */
const ONLINE_REBUILD_BATCH = 1000;
/** An online rebuild takes the projections over once a catch-up pass brings fewer events than this. */
const HAND_OVER_BELOW = 200;
/** The hand-over waits this long for the projectors to let the projections go. */
const HAND_OVER_LOCK_MS = 30_000;
/** One online rebuild at a time: it owns the shadow schema (a key in the projector lock namespace). */
const ONLINE_REBUILD_LOCK = 'projections:rebuild --online';

export interface OnlineRebuildOptions {
  /** Events per transaction of each projection's share (ONLINE_REBUILD_BATCH). */
  batchSize?: number;
  /**
   * Told where the rebuild is, and awaited: 'replaying' after each batch committed to the shadow
   * tables, 'paused' once it holds the projections (the hand-over; they stay paused while it runs).
   */
  progress?: (phase: 'replaying' | 'paused', position: bigint | null) => Promise<void> | void;
}

export class ProjectionLagError extends Error {
  readonly code = 'PLATFORM.PROJECTION_LAG';
  constructor() {
    super('Your change was saved, but it is taking longer than usual to show. Please refresh in a moment.');
  }
}

/** What a command appended: the projections handling these types are the ones it waits for. */
export interface Appended {
  position: bigint;
  types: readonly string[];
  eventIds: readonly string[];
  correlationId?: string | null;
}

/**
 * Runs every projection on one active projector (a PostgreSQL advisory lock per projection: other
 * processes wait in standby). One reader per process (EventFeed) feeds a worker per projection held
 * here; each worker keeps its own cursor and checkpoint, retries and parks failing events
 * (ProjectionWorker), so no projection waits for another. Commands wait only for the projections
 * that handle their events, and only up to their own position (read-your-writes).
 */
@Injectable()
export class ProjectionRunner implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, ProjectionMetricsSource {
  private readonly log = new Logger(ProjectionRunner.name);
  private readonly advanced = new EventEmitter().setMaxListeners(0);
  private readonly workers = new Map<string, ProjectionWorker>();
  private readonly parkedIds = new Map<string, string[]>();
  /** Checkpoints of projections run by other processes, as last read, and the read in flight. */
  private readonly remoteCheckpoints = new Map<string, bigint>();
  private remoteRead: Promise<void> | null = null;
  private projections: Projection[] = [];
  private feed: EventFeed | null = null;
  private supervisor: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  private stopped = false;
  private wakeRequested = false;
  private wakeWaiter: () => void = () => {};
  private readonly locks: SessionLocks;
  private readonly changes: ProjectionChangePublisher;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {
    this.locks = new SessionLocks(databaseUrl, () => this.wakeSupervisor());
    // Not inside a projection's transaction: a NOTIFY there serialises every committing batch on
    // PostgreSQL's notification lock.
    this.changes = new ProjectionChangePublisher((payload) => this.pool.query('SELECT pg_notify($1, $2)', [PROJECTION_CHANGES_CHANNEL, payload]), this.log);
  }

  onModuleInit(): void {
    this.projections = this.discovery
      .getProviders({ metadataKey: ReadModelProjection.KEY })
      .map((wrapper) => wrapper.instance as Projection);
  }

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  /** Every read-model table the projections own. */
  get tables(): string[] {
    return this.projections.flatMap((p) => p.tables);
  }

  onApplicationBootstrap(): void {
    if (!this.config.roles.includes('projector')) return;
    this.supervisor = this.supervise();
  }

  /**
   * Before the ORM and the pools close (their hooks are onApplicationShutdown): a worker stopped
   * after them would wait for a connection from a closed pool (knex gives up after 60 s).
   */
  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** Stops this process's projectors: each finishes its batch and stores its checkpoint. Once, however often called. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.stopped = true;
      this.wakeSupervisor();
      await this.supervisor;
      this.supervisor = null;
      await this.changes.flush(); // the last batches' live updates, before the pool closes
      await this.locks.close();
    })();
    return this.stopping;
  }

  /**
   * Resolves once every projection that handles one of `appended.types` has passed
   * `appended.position` (all projections when no types are given). ProjectionLagError after the
   * timeout (PROJECTION_WAIT_MS, 5 s); ProjectionFailedError when one of them parked one of `appended.eventIds`.
   */
  async waitFor(appended: bigint | Appended, timeoutMs = this.config.projectionWaitMs): Promise<void> {
    const { position, types, eventIds = [], correlationId = null } = typeof appended === 'bigint' ? { position: appended } : appended;
    const targets = this.projections
      .filter((p) => !types || (p.awaitedByCommands !== false && p.handles.some((type) => types.includes(type))))
      .map((p) => p.name);
    if (targets.length === 0) return;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.reached(targets, position)) break;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new ProjectionLagError();
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.advanced.off('advanced', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(WAIT_POLL_MS, remaining));
        this.advanced.once('advanced', done);
      });
    }
    const failed = await this.parkedAmong(targets, eventIds);
    if (failed.length > 0) throw new ProjectionFailedError(failed, correlationId);
  }

  /**
   * Replays the whole store into the projections' tables in ONE transaction: their tables are
   * emptied, refilled and checkpointed together, so a rebuild that fails (RebuildFailedError names
   * the event) leaves the live read models exactly as they were. Projectors must be stopped first.
   *
   * The store is read REBUILD_BATCH events at a time, and each projection takes the events of a batch
   * that it handles together (applyBatch: rows gathered in memory, written in a few multi-row
   * statements) or, without applyBatch, one by one (apply). Projections are independent, so applying
   * one projection's share of a batch before the next one's gives the rows event order would.
   */
  async rebuild(names: string[] = this.names): Promise<{ events: number }> {
    const selected = this.select(names);
    const held: string[] = [];
    let events = 0;
    try {
      for (const projection of selected) {
        await this.lockOrWait(projection, 10_000);
        held.push(projection.name);
      }
      await this.orm.em.fork().transactional(async (em) => {
        // The events are already durable in the store and this transaction is replayed whole if lost in
        // a crash (checkpoints roll back with the rows), so waiting for the WAL flush at commit buys nothing.
        await em.execute('SET LOCAL synchronous_commit = off');
        const tables = selected.flatMap((p) => p.tables).map((t) => `"${t}"`);
        if (tables.length > 0) await em.execute(`TRUNCATE ${tables.join(', ')}`);
        await em.execute('DELETE FROM projection_checkpoints WHERE name IN (?)', [selected.map((p) => p.name)]);
        await em.execute('DELETE FROM projection_failures WHERE projection IN (?)', [selected.map((p) => p.name)]);
        let last: bigint | null = null;
        // The next batch is read (on the store's own connection) while this one is applied.
        let next = this.store.readAll(null, REBUILD_BATCH);
        for (;;) {
          const batch = await next;
          if (batch.length === 0) break;
          next = this.store.readAll(batch[batch.length - 1].position, REBUILD_BATCH);
          next.catch(() => undefined); // awaited in the next round; a failure here must not go unhandled meanwhile
          for (const projection of selected) {
            const handled = batch.filter((event) => projection.handles.includes(event.type));
            if (handled.length > 0) await this.replay(em, projection, handled);
          }
          events += batch.length;
          last = batch[batch.length - 1].position;
        }
        if (last === null) return;
        for (const projection of selected) {
          await em.execute('INSERT INTO projection_checkpoints (name, position, updated_at) VALUES (?, ?, now())', [projection.name, last.toString()]);
        }
      });
      this.log.log(`rebuilt ${selected.map((p) => p.name).join(', ')} from ${events} events`);
      return { events };
    } finally {
      for (const name of held) await this.locks.unlock(name);
    }
  }

  /**
   * Rebuilds while the application runs: the projections' tables are replayed into empty copies in a
   * schema of their own (shadow-tables.ts) while the live projectors keep serving from the originals,
   * then switched in at once, checkpoints with them, so reads see the old read models until the
   * switch and the new ones after it, never a half-built one.
   *
   * 1. Replay the store into the copies, each projection's share of a batch in its own short
   *    transaction (a long one would hold back every live projector; see ONLINE_REBUILD_BATCH), then
   *    catch up with what was appended meanwhile until little is left.
   * 2. Hand-over: pause the projections (SessionLocks.pause: the projectors stop their workers, which
   *    commit their last batch, and release the locks), take their locks, apply the events after the
   *    copies' position, and in one transaction drop the live tables, move the copies into their
   *    place, set the checkpoints to that position and clear the parked events (every event applied
   *    cleanly, as in an offline rebuild). The projectors take the projections again and go on from
   *    there: nothing is lost or applied twice.
   * 3. Live updates: the events applied during the hand-over are announced (the projectors never saw
   *    them); what the projectors applied before it was announced as usual.
   *
   * A failure (RebuildFailedError names the event) drops the copies and leaves the live read models
   * and their projectors as they were; a rebuild that dies leaves a stale schema, dropped by the next
   * one, and its pauses end with its connection.
   */
  async rebuildOnline(names: string[] = this.names, options: OnlineRebuildOptions = {}): Promise<{ events: number; handOverMs: number }> {
    const selected = this.select(names);
    const tables = selected.flatMap((p) => p.tables);
    const batchSize = options.batchSize ?? ONLINE_REBUILD_BATCH;
    const progress = options.progress ?? (() => undefined);
    const locks = new SessionLocks(this.databaseUrl); // its own session: advisory locks are re-entrant within one
    const held: string[] = [];
    let owner = false; // of the shadow schema: never drop another rebuild's
    let paused = false;
    let switched = false;
    try {
      if (!(await locks.tryLock(ONLINE_REBUILD_LOCK))) throw new Error('another online rebuild is running');
      owner = true;
      await createShadowTables(this.orm.em.fork(), tables);
      let replayed = await this.replayIntoShadow(selected, null, batchSize, (position) => progress('replaying', position));
      let events = replayed.events;
      if (tables.length > 0) await this.orm.em.fork().execute(`ANALYZE ${tables.map((t) => `${SHADOW_SCHEMA}."${t}"`).join(', ')}`); // planner statistics before they serve
      while (replayed.events >= HAND_OVER_BELOW) {
        replayed = await this.replayIntoShadow(selected, replayed.position, batchSize, (position) => progress('replaying', position));
        events += replayed.events;
      }
      let position = replayed.position;

      const handOverStarted = Date.now();
      await locks.pause(selected.map((p) => p.name));
      paused = true;
      for (const projection of selected) {
        await this.lockOrWait(projection, HAND_OVER_LOCK_MS, locks);
        held.push(projection.name);
      }
      await progress('paused', position);
      const live = await this.checkpointsOf(selected.map((p) => p.name));
      const last = await this.replayIntoShadow(selected, position, batchSize, () => undefined, live);
      events += last.events;
      position = last.position;
      await this.switchRetried(async (em) => {
        await switchIn(em, tables);
        const checkpointed = selected.map((p) => p.name);
        await em.execute('DELETE FROM projection_checkpoints WHERE name IN (?)', [checkpointed]);
        if (position !== null) {
          for (const name of checkpointed) {
            await em.execute('INSERT INTO projection_checkpoints (name, position, updated_at) VALUES (?, ?, now())', [name, position.toString()]);
          }
        }
        await em.execute('DELETE FROM projection_failures WHERE projection IN (?)', [checkpointed]);
      });
      switched = true;
      const handOverMs = Date.now() - handOverStarted;
      for (const [id, projections] of this.parkedIds) this.parkedIds.set(id, projections.filter((name) => !names.includes(name)));
      await this.announce(selected, last.applied);
      this.advanced.emit('advanced');
      this.log.log(`rebuilt ${selected.map((p) => p.name).join(', ')} online from ${events} events (hand-over ${handOverMs} ms)`);
      return { events, handOverMs };
    } finally {
      for (const name of held) await locks.unlock(name).catch(() => undefined);
      if (paused) await locks.resume(selected.map((p) => p.name)).catch(() => undefined);
      // After a switch the schema is empty; after a failure it holds the copies, dropped here (or by the next rebuild).
      if (owner) await dropShadowTables(this.orm.em.fork()).catch((error: Error) => this.log.warn(`rebuild schema${switched ? '' : ' with its copies'} not dropped: ${error.message}`));
      await locks.close();
    }
  }

  /**
   * Replays the store after `from` into the shadow tables, batch by batch, each projection's share in
   * its own transaction. Stops at the end of the store, and not before every position in `atLeast`
   * (the live checkpoints at the hand-over, which the store already shows). Answers the last position
   * and, per projection, the events it applied.
   */
  private async replayIntoShadow(
    selected: Projection[],
    from: bigint | null,
    batchSize: number,
    committed: (position: bigint | null) => Promise<void> | void,
    atLeast: Map<string, bigint> = new Map(),
  ): Promise<{ position: bigint | null; events: number; applied: Map<string, RecordedEvent[]> }> {
    const applied = new Map<string, RecordedEvent[]>(selected.map((p) => [p.name, []]));
    let position = from;
    let events = 0;
    let next = this.store.readAll(position, batchSize);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) {
        const behind = [...atLeast.values()].some((checkpoint) => position === null || position < checkpoint);
        if (!behind) break;
        throw new Error(`the store answered nothing after position ${position}, below a live checkpoint`);
      }
      next = this.store.readAll(batch[batch.length - 1].position, batchSize);
      next.catch(() => undefined); // awaited in the next round
      for (const projection of selected) {
        const handled = batch.filter((event) => projection.handles.includes(event.type));
        if (handled.length === 0) continue;
        await this.orm.em.fork().transactional(async (em) => {
          await em.execute(`${USE_SHADOW_TABLES}, set_config('synchronous_commit', 'off', true)`);
          await this.replay(em, projection, handled);
        });
        applied.get(projection.name)!.push(...handled);
      }
      events += batch.length;
      position = batch[batch.length - 1].position;
      await committed(position);
    }
    await next.catch(() => undefined);
    return { position, events, applied };
  }

  /**
   * The switch's transaction, tried again (up to 3 times) when a long read held a table past its
   * lock_timeout: the projections stay paused meanwhile, so nothing moves under it.
   */
  private async switchRetried(work: (em: EntityManager) => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.orm.em.fork().transactional(work);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if ((code !== '55P03' && code !== '40P01') || attempt >= 3) throw error; // lock_not_available, deadlock
        this.log.warn(`rebuild: the switch waited too long for reads of the live tables (${describeError(error)}); trying again`);
      }
    }
  }

  /** Live updates for what a hand-over applied: the projectors never saw those events. */
  private async announce(selected: Projection[], applied: Map<string, RecordedEvent[]>): Promise<void> {
    for (const projection of selected) this.changes.announce(projection, changedChildren(applied.get(projection.name) ?? []));
    await this.changes.flush();
  }

  /**
   * One projection's share of a rebuild batch: set-based when it can, else event by event. A batch
   * that fails is rolled back to a savepoint and applied one by one, so the error names its event.
   */
  private async replay(em: EntityManager, projection: Projection, events: RecordedEvent[]): Promise<void> {
    if (projection.applyBatch) {
      await em.execute('SAVEPOINT rebuild_batch');
      try {
        await projection.applyBatch(em, events);
        await em.execute('RELEASE SAVEPOINT rebuild_batch');
        em.clear();
        return;
      } catch (error) {
        await em.execute('ROLLBACK TO SAVEPOINT rebuild_batch');
        em.clear();
        this.log.warn(`rebuild of ${projection.name}: a batch failed (${describeError(error)}); applying its events one by one`);
      }
    }
    for (const event of events) {
      try {
        await projection.apply(em, event);
      } catch (error) {
        throw new RebuildFailedError(projection.name, event, error);
      }
      em.clear(); // a replay-long identity map would make every later flush slower
    }
  }

  /**
   * Applies a projection's parked events again, oldest first (after the defect is fixed): each one
   * that now applies is removed from projection_failures; one that still fails stays, with its new
   * error. Projectors must be stopped first (the projection's lock).
   */
  async retryParked(name: string): Promise<{ applied: number; failed: { eventId: string; error: string }[] }> {
    const [projection] = this.select([name]);
    await this.lockOrWait(projection, 10_000);
    try {
      const parked = await parkedEvents(this.orm.em.fork(), projection.name);
      const failed: { eventId: string; error: string }[] = [];
      let applied = 0;
      const streams = new Map<string, RecordedEvent[]>();
      for (const entry of parked) {
        if (!streams.has(entry.streamId)) streams.set(entry.streamId, await this.store.readStream(entry.streamId));
        const event = streams.get(entry.streamId)!.find((e) => e.revision === entry.revision && e.id === entry.eventId);
        try {
          if (!event) throw new Error(`event ${entry.eventId} is no longer in stream ${entry.streamId}`);
          await this.orm.em.fork().transactional(async (em) => {
            await projection.apply(em, event);
            await em.execute('DELETE FROM projection_failures WHERE projection = ? AND position = ?', [projection.name, entry.position.toString()]);
          });
          applied++;
        } catch (error) {
          const message = describeError(error);
          await this.pool.query(
            'UPDATE projection_failures SET error = $3, attempts = attempts + 1, last_seen_at = now() WHERE projection = $1 AND position = $2',
            [projection.name, entry.position.toString(), message],
          );
          failed.push({ eventId: entry.eventId, error: message });
        }
      }
      return { applied, failed };
    } finally {
      await this.locks.unlock(projection.name);
    }
  }

  /**
   * For GET /api/metrics, whichever process answers it: parked events from projection_failures, and
   * the lag of every projection. With the PostgreSQL store the lag is read from the database (events
   * of the types a projection handles after its checkpoint), so an API process reports the projector's
   * lag; with EventStoreDB it is what the workers of this process have read and not yet applied.
   */
  async projectionMetrics(): Promise<ProjectionMetric[]> {
    const parked = new Map(
      (await this.pool.query<{ projection: string; parked: number }>('SELECT projection, count(*)::int AS parked FROM projection_failures GROUP BY projection')).rows.map(
        (row) => [row.projection, row.parked],
      ),
    );
    const lag = this.config.eventStoreConnectionString ? this.localLag() : await this.storedLag();
    return this.projections.map(({ name }) => ({ projection: name, ...(lag.get(name) ?? { lagEvents: 0, lagSeconds: 0 }), parked: parked.get(name) ?? 0 }));
  }

  private async storedLag(): Promise<Map<string, { lagEvents: number; lagSeconds: number }>> {
    const { rows } = await this.pool.query<{ name: string; events: number; seconds: number | null }>(
      `SELECT p.name, lag.events, greatest(extract(epoch FROM now() - lag.oldest), 0)::float8 AS seconds
         FROM jsonb_to_recordset($1::jsonb) AS p(name text, handles text[])
         LEFT JOIN projection_checkpoints c ON c.name = p.name
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS events, min(e.created_at) AS oldest FROM es_events e
            WHERE e.global_position > coalesce(c.position, 0)::bigint AND e.type = ANY(p.handles)
         ) lag`,
      [JSON.stringify(this.projections.map((p) => ({ name: p.name, handles: p.handles })))],
    );
    return new Map(rows.map((row) => [row.name, { lagEvents: row.events, lagSeconds: row.seconds ?? 0 }]));
  }

  private localLag(): Map<string, { lagEvents: number; lagSeconds: number }> {
    const now = Date.now();
    return new Map(
      [...this.workers.values()].map((worker) => {
        const pending = (this.feed?.after(worker.cursor, Number.MAX_SAFE_INTEGER) ?? []).filter((e) => worker.projection.handles.includes(e.type));
        const oldest = worker.pendingSince ?? pending[0] ?? null;
        return [worker.name, { lagEvents: pending.length, lagSeconds: oldest ? Math.max(0, (now - Date.parse(oldest.metadata.occurredAt)) / 1000) : 0 }];
      }),
    );
  }

  /**
   * Takes the locks it can, runs a worker for each, and keeps one feed open for them. Projections an
   * online rebuild has paused are let go and not taken until the pause ends (woken by its notification,
   * or at the next tick if that was missed).
   */
  private async supervise(): Promise<void> {
    while (!this.stopped) {
      this.wakeRequested = false;
      try {
        await this.takeFreeProjections();
        if (this.workers.size > 0 && !this.feed) this.openFeed();
      } catch (error) {
        if (!this.stopped) this.log.error(`projector: ${(error as Error).message}`);
      }
      // Lock loss matters only while projections run here (and a lost connection stays lost until the next tryLock).
      const lockLost = this.workers.size > 0 ? this.locks.lost.then(() => 'lost' as const) : new Promise<never>(() => {});
      const wait = new Promise<'tick'>((resolve) => {
        if (this.wakeRequested) return resolve('tick'); // woken while taking projections: look again at once
        const timer = setTimeout(() => resolve('tick'), STANDBY_RETRY_MS);
        this.wakeWaiter = () => {
          clearTimeout(timer);
          resolve('tick');
        };
      });
      if ((await Promise.race([lockLost, wait])) === 'lost' && !this.stopped) {
        this.log.error('projector lost its lock connection; stopping its projections until the locks are taken again');
        await this.stopWorkers();
      }
    }
    await this.stopWorkers();
  }

  private wakeSupervisor(): void {
    this.wakeRequested = true;
    this.wakeWaiter();
  }

  private async takeFreeProjections(): Promise<void> {
    const paused = await this.locks.paused(this.names);
    for (const name of paused) {
      const worker = this.workers.get(name);
      if (!worker) continue;
      this.workers.delete(name);
      await worker.stop(); // its last batch committed, its checkpoint stored
      await this.locks.unlock(name);
      this.log.log(`projection ${name} handed over to an online rebuild`);
    }
    const free = this.projections.filter((p) => !this.workers.has(p.name) && !paused.has(p.name));
    for (const projection of free) {
      if (this.stopped || !(await this.locks.tryLock(projection.name))) continue;
      const worker = new ProjectionWorker(projection, await this.checkpointOf(projection.name), this.orm, this.store, {
        feed: () => this.feed,
        advanced: () => this.advanced.emit('advanced'),
        parked: (_worker, event) => this.rememberParked(event.id, projection.name),
        changed: (_worker, childIds) => this.changes.announce(projection, childIds),
      }, this.log);
      this.workers.set(projection.name, worker);
      worker.start();
    }
  }

  private openFeed(): void {
    const cursors = [...this.workers.values()].map((w) => w.cursor);
    const from = cursors.some((c) => c === null) ? null : cursors.reduce((low, c) => (c! < low! ? c : low));
    const feed = new EventFeed(this.store, from);
    this.feed = feed;
    void feed.open().then(async (error) => {
      this.log.error(`projection feed stopped: ${error.message}; reopening`);
      if (this.feed === feed) this.feed = null;
      await feed.close();
      this.wakeSupervisor();
    });
  }

  private async stopWorkers(): Promise<void> {
    await Promise.all([...this.workers.values()].map((w) => w.stop()));
    for (const name of this.workers.keys()) await this.locks.unlock(name).catch(() => undefined);
    this.workers.clear();
    const feed = this.feed;
    this.feed = null;
    await feed?.close();
  }

  private async reached(names: string[], position: bigint): Promise<boolean> {
    const remote = names.filter((name) => {
      const worker = this.workers.get(name);
      return !worker || worker.cursor === null || worker.cursor < position;
    });
    if (remote.length === 0) return true;
    if (remote.some((name) => this.workers.has(name))) return false; // a local worker is behind: it announces its progress
    const passed = () => remote.every((name) => (this.remoteCheckpoints.get(name) ?? -1n) >= position);
    if (passed()) return true;
    await this.readRemoteCheckpoints();
    return passed();
  }

  /**
   * Every projection's checkpoint in one statement shared by all of this process's waiters: an api
   * process (no projectors of its own) with fifty commands waiting makes one read at a time, not
   * fifty every WAIT_POLL_MS. Checkpoints only move forward, so a reading that has passed a position
   * stays true.
   */
  private readRemoteCheckpoints(): Promise<void> {
    this.remoteRead ??= this.checkpointsOf(this.names)
      .then((checkpoints) => {
        for (const [name, position] of checkpoints) this.remoteCheckpoints.set(name, position);
      })
      .finally(() => (this.remoteRead = null));
    return this.remoteRead;
  }

  private async parkedAmong(names: string[], eventIds: readonly string[]): Promise<string[]> {
    if (eventIds.length === 0) return [];
    const local = eventIds.flatMap((id) => this.parkedIds.get(id) ?? []).filter((name) => names.includes(name));
    if (names.every((name) => this.workers.has(name))) return local;
    const { rows } = await this.pool.query<{ projection: string }>(
      'SELECT DISTINCT projection FROM projection_failures WHERE event_id = ANY($1::uuid[]) AND projection = ANY($2)',
      [eventIds, names],
    );
    return [...new Set([...local, ...rows.map((row) => row.projection)])];
  }

  private rememberParked(eventId: string, projection: string): void {
    this.parkedIds.set(eventId, [...(this.parkedIds.get(eventId) ?? []), projection]);
    if (this.parkedIds.size > PARKED_MEMORY) this.parkedIds.delete(this.parkedIds.keys().next().value as string);
  }

  private select(names: string[]): Projection[] {
    const unknown = names.filter((name) => !this.names.includes(name));
    if (unknown.length > 0) throw new Error(`unknown projection ${unknown.join(', ')}; known: ${this.names.join(', ')}`);
    return this.projections.filter((p) => names.includes(p.name));
  }

  private async checkpointOf(name: string): Promise<bigint | null> {
    const { rows } = await this.pool.query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name]);
    return rows.length > 0 ? BigInt(rows[0].position) : null;
  }

  private async checkpointsOf(names: string[]): Promise<Map<string, bigint>> {
    const { rows } = await this.pool.query<{ name: string; position: string }>('SELECT name, position FROM projection_checkpoints WHERE name = ANY($1)', [names]);
    return new Map(rows.map((row) => [row.name, BigInt(row.position)]));
  }

  private async lockOrWait(projection: Projection, timeoutMs: number, locks?: SessionLocks): Promise<void> {
    if (!locks && this.workers.has(projection.name)) throw new Error(`projection ${projection.name} is running in this process: stop it first`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await (locks ?? this.locks).tryLock(projection.name)) return;
      if (Date.now() > deadline) {
        if (locks) throw new Error(`projection ${projection.name} was not let go by its projector within ${timeoutMs / 1000} s; the rebuild gave up and changed nothing`);
        throw new Error(`projection ${projection.name} is held by a running projector: stop the processes with the projector role first (or rebuild online)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
