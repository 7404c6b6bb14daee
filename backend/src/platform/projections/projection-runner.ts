import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { DATABASE_URL, PG_POOL } from '../database/database.tokens';
import { ReadModelProjection, type Projection } from './projection';
import { SessionLocks } from './session-locks';
import { changedChildren, PROJECTION_CHANGES_CHANNEL, projectionChangeMessages } from './projection-changes';

const STANDBY_RETRY_MS = 2000;
const WAIT_POLL_MS = 25;
const REBUILD_BATCH = 500;

export class ProjectionLagError extends Error {
  readonly code = 'PLATFORM.PROJECTION_LAG';
  constructor() {
    super('Your change was saved, but it is taking longer than usual to show. Please refresh in a moment.');
  }
}

/**
 * Runs every projection on one active projector (a PostgreSQL advisory lock per projection: other
 * processes wait in standby), catches up from the stored checkpoint, and lets command endpoints wait
 * until their events are projected (read-your-writes).
 */
@Injectable()
export class ProjectionRunner implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(ProjectionRunner.name);
  private readonly advanced = new EventEmitter().setMaxListeners(0);
  private readonly running = new Map<string, { stop(): Promise<void> }>();
  private stopped = false;
  private projections: Projection[] = [];
  private readonly locks: SessionLocks;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.locks = new SessionLocks(databaseUrl);
  }

  onModuleInit(): void {
    this.projections = this.discovery
      .getProviders({ metadataKey: ReadModelProjection.KEY })
      .map((wrapper) => wrapper.instance as Projection);
  }

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  onApplicationBootstrap(): void {
    if (!this.config.roles.includes('projector')) return;
    for (const projection of this.projections) this.keepRunning(projection);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.running.values()].map((r) => r.stop()));
    this.running.clear();
    await this.locks.close();
  }

  /** Resolves once every projection has applied the event at `position`; ProjectionLagError after the timeout. */
  async waitFor(position: bigint, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.lowestCheckpoint()) >= position) return;
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
  }

  /** Empties the projections' tables and replays the whole store into them (npm run projections:rebuild). */
  async rebuild(names: string[] = this.projections.map((p) => p.name)): Promise<void> {
    for (const projection of this.projections.filter((p) => names.includes(p.name))) {
      if (this.running.has(projection.name)) throw new Error(`projection ${projection.name} is running in this process: stop it first`);
      await this.lockOrWait(projection, 10_000);
      try {
        await this.pool.query(
          `BEGIN; TRUNCATE ${projection.tables.map((t) => `"${t}"`).join(', ')}; DELETE FROM projection_checkpoints WHERE name = '${projection.name.replace(/'/g, "''")}'; COMMIT;`,
        );
        let from: bigint | null = null;
        for (;;) {
          const batch = await this.store.readAll(from, REBUILD_BATCH);
          if (batch.length === 0) break;
          await this.applyBatch(projection, batch, { announce: false });
          from = batch[batch.length - 1].position;
        }
        this.log.log(`rebuilt ${projection.name}`);
      } finally {
        await this.locks.unlock(projection.name);
      }
    }
  }

  /**
   * Applies a batch and stores the checkpoint in one transaction; skips what was already applied.
   * Unless `announce` is false (rebuilds), it also announces which recipients' read models changed
   * with pg_notify in the same transaction: PostgreSQL delivers it to every listening API process
   * on commit, never for a rolled-back batch (see projection-changes.ts).
   */
  async applyBatch(projection: Projection, batch: RecordedEvent[], { announce = true } = {}): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const rows: { position: string }[] = await em.execute(
        'SELECT position FROM projection_checkpoints WHERE name = ? FOR UPDATE',
        [projection.name],
      );
      const applied = rows.length > 0 ? BigInt(rows[0].position) : -1n;
      const applying: RecordedEvent[] = [];
      for (const event of batch) {
        if (event.position <= applied) continue;
        if (!projection.handles.includes(event.type)) continue;
        await projection.apply(em, event);
        applying.push(event);
      }
      if (announce) {
        for (const message of projectionChangeMessages(projection, changedChildren(applying))) {
          await em.execute('SELECT pg_notify(?, ?)', [PROJECTION_CHANGES_CHANNEL, message]);
        }
      }
      const last = batch[batch.length - 1].position;
      if (last > applied) {
        await em.execute(
          `INSERT INTO projection_checkpoints (name, position, updated_at) VALUES (?, ?, now())
           ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = now()`,
          [projection.name, last.toString()],
        );
      }
    });
    this.advanced.emit('advanced');
  }

  private async lowestCheckpoint(): Promise<bigint> {
    const { rows } = await this.pool.query<{ name: string; position: string }>(
      'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1)',
      [this.projections.map((p) => p.name)],
    );
    if (rows.length < this.projections.length) return -1n;
    return rows.reduce((low, row) => (BigInt(row.position) < low ? BigInt(row.position) : low), BigInt(rows[0].position));
  }

  /** Active/standby loop: whoever holds the lock projects; the others retry until it is released. */
  private keepRunning(projection: Projection): void {
    let requestStop: () => void = () => {};
    const stopRequested = new Promise<void>((resolve) => (requestStop = resolve));
    const pause = (ms: number) => Promise.race([stopRequested, new Promise((resolve) => setTimeout(resolve, ms))]);
    const loop = async () => {
      while (!this.stopped) {
        let locked = false;
        try {
          locked = await this.locks.tryLock(projection.name);
          if (!locked) {
            await pause(STANDBY_RETRY_MS);
            continue;
          }
          const lockLost = this.locks.lost;
          const subscription = this.store.subscribe(await this.checkpointOf(projection), {
            handle: (batch) => this.applyBatch(projection, batch),
          });
          const error = await Promise.race([subscription.failed, lockLost, stopRequested]);
          await subscription.stop();
          if (error) this.log.error(`projection ${projection.name} stopped: ${error.message}; restarting`);
        } catch (error) {
          if (!this.stopped) this.log.error(`projection ${projection.name}: ${(error as Error).message}`);
        } finally {
          if (locked) await this.locks.unlock(projection.name).catch(() => undefined);
        }
        if (!this.stopped) await pause(500);
      }
    };
    const done = loop();
    this.running.set(projection.name, {
      stop: async () => {
        this.stopped = true;
        requestStop();
        await done;
      },
    });
  }

  private async checkpointOf(projection: Projection): Promise<bigint | null> {
    const { rows } = await this.pool.query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [
      projection.name,
    ]);
    return rows.length > 0 ? BigInt(rows[0].position) : null;
  }

  private async lockOrWait(projection: Projection, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.locks.tryLock(projection.name)) return;
      if (Date.now() > deadline) {
        throw new Error(`projection ${projection.name} is held by a running projector: stop the processes with the projector role first`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
