import { randomUUID } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { DiscoveryService } from '@nestjs/core';
import { Pool } from 'pg';
import { loadConfig } from '../../config/app-config';
import { ormConfig } from '../../database/orm.config';
import { createMigratedTestDatabase } from '../../test-support/database';
import { until } from '../../test-support/until';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import type { Projection } from './projection';
import { MAX_ATTEMPTS } from './projection-failures';
import { ProjectionLagError, ProjectionRunner } from './projection-runner';

/** Counts events of `type` per stream; fails on purpose while `failOn` names a stream. */
class TickProjection implements Projection {
  readonly handles: string[];
  readonly tables: string[];
  failOn: string | null = null;
  /** How many times applying the failOn stream's event has failed. */
  failures = 0;
  failure: () => Error = () => new Error('projection bug');
  /** While set, applying an event waits for this promise (a stuck projection). */
  hold: Promise<void> | null = null;
  /** The same, after the event's row is written (the transaction holds back the store's readers). */
  holdAfterWrite: Promise<void> | null = null;
  constructor(
    readonly name = 'test.ticks',
    readonly table = 'test_ticks',
    type = 'Ticked',
  ) {
    this.handles = [type];
    this.tables = [table];
  }
  async apply(em: EntityManager, event: RecordedEvent): Promise<void> {
    if (event.streamId === this.failOn) {
      this.failures++;
      throw this.failure();
    }
    if (this.hold) await this.hold;
    await em.execute(
      `INSERT INTO ${this.table} (stream_id, count) VALUES (?, 1) ON CONFLICT (stream_id) DO UPDATE SET count = ${this.table}.count + 1`,
      [event.streamId],
    );
    if (this.holdAfterWrite) await this.holdAfterWrite;
  }
}

/** TickProjection that can also take several events at once, in one statement, and records how it was called. */
class BatchTickProjection extends TickProjection {
  readonly calls: string[] = [];
  override async apply(em: EntityManager, event: RecordedEvent): Promise<void> {
    this.calls.push('apply');
    await super.apply(em, event);
  }
  async applyBatch(em: EntityManager, events: RecordedEvent[]): Promise<void> {
    this.calls.push(`batch of ${events.length}`);
    if (events.some((event) => event.streamId === this.failOn)) throw new Error('projection bug');
    await em.execute(
      `INSERT INTO ${this.table} (stream_id, count) SELECT stream_id, count(*) FROM jsonb_array_elements_text(?::jsonb) AS s(stream_id) GROUP BY stream_id
       ON CONFLICT (stream_id) DO UPDATE SET count = ${this.table}.count + excluded.count`,
      [JSON.stringify(events.map((event) => event.streamId))],
    );
  }
}

describe('projection runner (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
  let pool: Pool;
  let orm: MikroORM;
  let store: PostgresEventStore;
  const config = loadConfig({ APP_ROLES: 'projector' }, { frontendDist: '/none' });
  const runners: ProjectionRunner[] = [];

  const startRunner = (...projections: Projection[]) => {
    const discovery = { getProviders: () => projections.map((instance) => ({ instance })) } as unknown as DiscoveryService;
    const runner = new ProjectionRunner(discovery, countingStore ?? store, pool, config, orm, database.url);
    runner.onModuleInit();
    runner.onApplicationBootstrap();
    runners.push(runner);
    return runner;
  };
  let countingStore: EventStore | null = null;
  /**
   * Until `first` to `last` are readable together. Readers see an event once no older transaction is
   * open on the server (another worker's database included): a runner started before then would read
   * them in two batches.
   */
  const readable = (first: { position: bigint }, last: { position: bigint }) =>
    until('the events readable', async () => (await store.readAll(first.position - 1n, 10)).at(-1)?.position === last.position);
  const tick = async (streamId: string, type = 'Ticked') => {
    const id = randomUUID();
    const appended = await store.append(
      streamId,
      [{ id, type, data: {}, metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } }],
      'any',
    );
    return { ...appended, types: [type], eventIds: [id] };
  };
  const total = async (table = 'test_ticks') => Number((await pool.query(`SELECT coalesce(sum(count), 0) AS n FROM ${table}`)).rows[0].n);
  const checkpoint = async (name = 'test.ticks') => (await pool.query(`SELECT position FROM projection_checkpoints WHERE name = $1`, [name])).rows[0]?.position;

  beforeEach(async () => {
    database = await createMigratedTestDatabase();
    pool = new Pool({ connectionString: database.url });
    await pool.query('CREATE TABLE test_ticks (stream_id text PRIMARY KEY, count int NOT NULL)');
    await pool.query('CREATE TABLE other_ticks (stream_id text PRIMARY KEY, count int NOT NULL)');
    countingStore = null;
    orm = await MikroORM.init(ormConfig(database.url));
    store = new PostgresEventStore(pool);
    await store.init();
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await store.close();
    await orm.close(true);
    await pool.end();
    await database.drop();
  });

  it('catches up on existing events, follows live ones, and lets writers wait for them', async () => {
    for (let i = 0; i < 5; i++) await tick('a');
    const runner = startRunner(new TickProjection());
    const live = await tick('b');
    await runner.waitFor(live.position);
    expect(await total()).toBe(6);
    expect(BigInt(await checkpoint())).toBe(live.position);
  });

  it('continues from its checkpoint after a restart without applying anything twice', async () => {
    const first = startRunner(new TickProjection());
    await first.waitFor((await tick('a')).position);
    await first.stop();
    for (let i = 0; i < 3; i++) await tick('a');
    const second = startRunner(new TickProjection());
    await second.waitFor((await tick('a')).position);
    expect(await total()).toBe(5);
  });

  it('stores the checkpoint past the events it only skips, soon after the last one (another process reads it)', async () => {
    const runner = startRunner(new TickProjection());
    await runner.waitFor((await tick('a')).position);
    let last = 0n;
    for (let i = 0; i < 3; i++) last = (await tick('b', 'Tocked')).position; // skipped in quick succession
    const deadline = Date.now() + 5000;
    while (BigInt(await checkpoint()) < last && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(BigInt(await checkpoint())).toBe(last);
  });

  it('shares one checkpoint read among the waiters of a process without projectors (an api process)', async () => {
    startRunner(new TickProjection());
    const reads: string[] = [];
    const counting = new Proxy(pool, {
      get: (target, key) => (key === 'query' ? (sql: string, ...rest: unknown[]) => (reads.push(sql), target.query(sql, ...(rest as []))) : Reflect.get(target, key)),
    });
    const discovery = { getProviders: () => [{ instance: new TickProjection() }] } as unknown as DiscoveryService;
    const api = new ProjectionRunner(discovery, store, counting, loadConfig({ APP_ROLES: 'api' }, { frontendDist: '/none' }), orm, database.url);
    api.onModuleInit();
    api.onApplicationBootstrap();
    runners.push(api);
    const appended = await Promise.all(Array.from({ length: 30 }, (_, i) => tick(`s${i}`)));
    await Promise.all(appended.map((a) => api.waitFor(a)));
    expect(await total()).toBe(30);
    const checkpointReads = reads.filter((sql) => sql.includes('projection_checkpoints')).length;
    expect(checkpointReads).toBeGreaterThan(0);
    expect(checkpointReads).toBeLessThan(30); // one or more per waiter before: each of the 30 asked on its own
  });

  it('runs one active projector: a standby applies nothing until the active one stops, then takes over', async () => {
    const active = startRunner(new TickProjection());
    await active.waitFor((await tick('a')).position);
    const standby = startRunner(new TickProjection());
    for (let i = 0; i < 10; i++) await tick('a');
    await active.waitFor((await tick('a')).position);
    expect(await total()).toBe(12);
    await active.stop();
    const after = await tick('a');
    await standby.waitFor(after.position, 8000);
    expect(await total()).toBe(13);
  });

  it('applies nothing twice when another projector moved its checkpoint meanwhile (one that lost its lock and went on)', async () => {
    const projection = new TickProjection();
    const runner = startRunner(projection);
    await runner.waitFor((await tick('a')).position);
    let release = () => {};
    projection.hold = new Promise<void>((resolve) => (release = resolve));
    const second = await tick('a');
    // While this projector's transaction waits, the other one applies the same event and moves the checkpoint.
    await pool.query('UPDATE test_ticks SET count = count + 1');
    await pool.query('UPDATE projection_checkpoints SET position = $1 WHERE name = $2', [second.position.toString(), projection.name]);
    projection.hold = null;
    release();
    await runner.waitFor(second.position);
    expect(await total()).toBe(2);
    await runner.waitFor((await tick('a')).position);
    expect(await total()).toBe(3);
  });

  it('keeps checkpoints past 2^63, as EventStoreDB\'s positions are (commit * 2^64 + prepare)', async () => {
    const OFFSET = 2n ** 70n;
    const shifted = (events: RecordedEvent[]) => events.map((event) => ({ ...event, position: event.position + OFFSET }));
    const unshifted = (position: bigint | null) => (position === null ? null : position - OFFSET);
    countingStore = Object.assign(Object.create(store) as EventStore, {
      readAll: async (from: bigint | null, max?: number) => shifted(await store.readAll(unshifted(from), max)),
      subscribe: (from: bigint | null, options: Parameters<EventStore['subscribe']>[1]) =>
        store.subscribe(unshifted(from), { ...options, handle: (batch: RecordedEvent[]) => options.handle(shifted(batch)) }),
    });
    const runner = startRunner(new TickProjection());
    const first = await tick('a');
    await runner.waitFor(first.position + OFFSET);
    const second = await tick('a');
    await runner.waitFor(second.position + OFFSET);
    expect(await total()).toBe(2);
    expect(BigInt(await checkpoint())).toBe(second.position + OFFSET);
  });

  it('parks an event that keeps failing, moves on, and tells the waiting command (500, not a 503 loop)', async () => {
    const projection = new TickProjection();
    projection.failOn = 'broken';
    const runner = startRunner(projection);
    await runner.waitFor(await tick('a'));
    const poisoned = await tick('broken');
    await expect(runner.waitFor({ ...poisoned, correlationId: 'req-1' })).rejects.toEqual(
      expect.objectContaining({ code: 'PLATFORM.PROJECTION_FAILED', correlationId: 'req-1', projections: ['test.ticks'] }),
    );
    await runner.waitFor(await tick('a')); // the projection moved on
    expect(await total()).toBe(2);
    const parked = (await pool.query('SELECT * FROM projection_failures')).rows;
    expect(parked).toEqual([
      expect.objectContaining({
        projection: 'test.ticks',
        position: poisoned.position.toString(),
        event_id: poisoned.eventIds[0],
        stream_id: 'broken',
        event_type: 'Ticked',
        error: 'projection bug',
        attempts: 4,
      }),
    ]);
    expect(parked[0].first_seen_at).toBeInstanceOf(Date);
    expect((await runner.projectionMetrics())[0]).toEqual(expect.objectContaining({ projection: 'test.ticks', parked: 1 }));

    await runner.stop(); // the defect is fixed and the projector stopped: apply the parked event again
    projection.failOn = null;
    expect(await runner.retryParked('test.ticks')).toEqual({ applied: 1, failed: [] });
    expect(await total()).toBe(3);
    expect((await pool.query('SELECT * FROM projection_failures')).rows).toEqual([]);
  });

  it('applies what gathered meanwhile set-based (applyBatch), and a batch that fails event by event', async () => {
    const ticks = [];
    for (let i = 0; i < 4; i++) ticks.push(await tick(i % 2 ? 'a' : 'b'));
    await readable(ticks[0], ticks[3]);
    const projection = new BatchTickProjection();
    const runner = startRunner(projection);
    await runner.waitFor(await tick('a')); // the four before it, perhaps with it, in one batch
    expect(projection.calls[0]).toMatch(/^batch of [45]$/);
    expect(await total()).toBe(5);
    await runner.stop();

    projection.calls.length = 0;
    projection.failOn = 'broken';
    const first = await tick('a');
    const poisoned = await tick('broken');
    const last = await tick('b');
    await readable(first, last);
    const restarted = startRunner(projection);
    await expect(restarted.waitFor({ ...poisoned, correlationId: 'req-2' })).rejects.toEqual(expect.objectContaining({ code: 'PLATFORM.PROJECTION_FAILED' }));
    await restarted.waitFor(await tick('a'));
    expect(projection.calls.slice(0, 2)).toEqual(['batch of 3', 'apply']); // the failed batch rolled back, then one by one
    expect(await total()).toBe(8);
    expect((await pool.query('SELECT stream_id FROM projection_failures')).rows).toEqual([{ stream_id: 'broken' }]);
  });

  it('lets a projection commands do not wait for gather what comes within BACKGROUND_GATHER_MS, and applies it in one transaction', async () => {
    const projection = Object.assign(new BatchTickProjection(), { awaitedByCommands: false as const });
    const runner = startRunner(projection);
    await runner.waitFor(await tick('a')); // caught up: applied on its own
    await until('the first tick applied', async () => (await total()) === 1);
    projection.calls.length = 0;
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((stream) => tick(stream)));
    await until('the five ticks applied', async () => (await total()) === 6);
    // One batch when all five are readable within the window; a transaction open elsewhere on the
    // server (another worker's database) can hold some back past it: still gathered, not one by one.
    const sizes = projection.calls.map((call) => (call === 'apply' ? 1 : Number(call.replace('batch of ', ''))));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5);
    expect(sizes.length).toBeLessThanOrEqual(2);
  });

  it('waits out an outage (connection errors) without parking anything', async () => {
    const projection = new TickProjection();
    projection.failOn = 'flaky';
    projection.failure = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
    const runner = startRunner(projection);
    await tick('flaky');
    await until('more tries than an event gets before it is parked', () => projection.failures > MAX_ATTEMPTS);
    expect((await pool.query('SELECT * FROM projection_failures')).rows).toEqual([]);
    projection.failOn = null; // the database is back
    await runner.waitFor(await tick('a'), 8000);
    expect(await total()).toBe(2);
  });

  it('isolates projections: a stuck or failing one never holds a command that does not need it', async () => {
    const ticks = new TickProjection();
    const other = new TickProjection('test.other', 'other_ticks', 'Othered');
    let release = () => {};
    other.hold = new Promise<void>((resolve) => (release = resolve));
    const runner = startRunner(ticks, other);
    await tick('x', 'Othered'); // `other` is stuck on this one
    for (let i = 0; i < 5; i++) await runner.waitFor(await tick('a'), 2000); // ProjectionLagError if held
    expect(await total()).toBe(5);
    await expect(runner.waitFor(await tick('y', 'Othered'), 300)).rejects.toBeInstanceOf(ProjectionLagError);
    expect(await runner.projectionMetrics()).toEqual([
      { projection: 'test.ticks', lagEvents: 0, lagSeconds: 0, parked: 0 },
      { projection: 'test.other', lagEvents: 2, lagSeconds: expect.any(Number), parked: 0 },
    ]);
    release();
    other.hold = null;
    await runner.waitFor(await tick('y', 'Othered'));
    expect(await total('other_ticks')).toBe(3);
  });

  it('bounds a projection stuck after its first write: PostgreSQL ends its session, and the others go on', async () => {
    await orm.close(true);
    orm = await MikroORM.init(ormConfig(database.url, { statementMs: 30_000, idleInTransactionMs: 1000 }));
    const ticks = new TickProjection();
    const stuck = new TickProjection('test.other', 'other_ticks', 'Othered');
    let release = () => {};
    stuck.holdAfterWrite = new Promise<void>((resolve) => (release = resolve));
    const runner = startRunner(ticks, stuck);
    await tick('x', 'Othered'); // `stuck` writes its row, then waits inside its transaction
    await until('the stuck transaction has written', async () => (await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction' AND backend_xid IS NOT NULL`)).rows[0].n === 1);
    // Unbounded, every event appended from now on stays invisible to the store's readers until it ends.
    await runner.waitFor(await tick('a'), 10_000);
    expect(await total()).toBe(1);
    release();
    stuck.holdAfterWrite = null;
    await runner.waitFor(await tick('y', 'Othered'), 10_000); // its session was ended: the transaction is applied again
    expect(await total('other_ticks')).toBe(2);
  });

  it('reads the store once per process for all its projections', async () => {
    let subscriptions = 0;
    countingStore = Object.assign(Object.create(store) as EventStore, {
      subscribe: (...args: Parameters<EventStore['subscribe']>) => {
        subscriptions++;
        return store.subscribe(...args);
      },
    });
    const runner = startRunner(new TickProjection(), new TickProjection('test.other', 'other_ticks', 'Ticked'));
    await runner.waitFor(await tick('a'));
    await runner.waitFor(await tick('b'));
    expect(await total()).toBe(2);
    expect(await total('other_ticks')).toBe(2);
    expect(subscriptions).toBe(1);
  });

  it('a rebuild that fails on an event keeps the live read models and names the event', async () => {
    const projection = new TickProjection();
    const runner = startRunner(projection);
    for (const stream of ['a', 'b', 'bad']) await tick(stream);
    await runner.waitFor(await tick('a'));
    const live = (await pool.query('SELECT * FROM test_ticks ORDER BY stream_id')).rows;
    const liveCheckpoint = await checkpoint();
    await runner.stop();
    projection.failOn = 'bad';
    await expect(runner.rebuild()).rejects.toThrow(/rebuild of test\.ticks failed on event [0-9a-f-]{36} \(Ticked, stream bad revision \d+, position \d+\): projection bug/);
    expect((await pool.query('SELECT * FROM test_ticks ORDER BY stream_id')).rows).toEqual(live);
    expect(await checkpoint()).toBe(liveCheckpoint);
  });

  it('rebuild empties the tables and replays the store into the same rows', async () => {
    const runner = startRunner(new TickProjection());
    for (const stream of ['a', 'b', 'a', 'c', 'a']) await tick(stream);
    await runner.waitFor((await tick('b')).position);
    const live = (await pool.query('SELECT * FROM test_ticks ORDER BY stream_id')).rows;
    await runner.stop();
    await pool.query(`UPDATE test_ticks SET count = 999`); // a corrupted read model
    await runner.rebuild();
    expect((await pool.query('SELECT * FROM test_ticks ORDER BY stream_id')).rows).toEqual(live);
  });

  it('rebuilds online while the projector runs: the copies replace the rows, and the projector goes on from their checkpoint', async () => {
    const runner = startRunner(new TickProjection());
    for (const stream of ['a', 'b', 'a', 'c', 'a']) await tick(stream);
    await runner.waitFor((await tick('b')).position);
    await pool.query(`UPDATE test_ticks SET count = 999`); // what a defect left in the live read model
    await runner.rebuildOnline(undefined, {
      batchSize: 2,
      progress: async (phase) => {
        // Appended while the projection is held: the hand-over applies it if the store already shows it
        // (another server-wide transaction can hide it a moment longer), else the projector does after.
        if (phase === 'paused') await tick('d');
      },
    });
    await runner.waitFor((await tick('a')).position); // the projector took the projection back
    expect((await pool.query('SELECT stream_id, count FROM test_ticks ORDER BY stream_id')).rows).toEqual([
      { stream_id: 'a', count: 4 },
      { stream_id: 'b', count: 2 },
      { stream_id: 'c', count: 1 },
      { stream_id: 'd', count: 1 },
    ]);
    expect((await pool.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'projection_rebuild'`)).rows).toEqual([]);
  });

  it('an online rebuild that fails names the event, keeps the live read models, drops its copies, and the projector goes on', async () => {
    const projection = new TickProjection();
    const runner = startRunner(projection);
    for (const stream of ['a', 'b', 'bad']) await tick(stream);
    await runner.waitFor((await tick('a')).position);
    const live = (await pool.query('SELECT * FROM test_ticks ORDER BY stream_id')).rows;
    projection.failOn = 'bad'; // the live projector applied it; the replay cannot
    await expect(runner.rebuildOnline()).rejects.toThrow(/rebuild of test\.ticks failed on event [0-9a-f-]{36} \(Ticked, stream bad revision \d+, position \d+\): projection bug/);
    expect((await pool.query('SELECT * FROM test_ticks ORDER BY stream_id')).rows).toEqual(live);
    expect((await pool.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'projection_rebuild'`)).rows).toEqual([]);
    projection.failOn = null;
    await runner.waitFor((await tick('a')).position); // never paused: the failure came before the hand-over
  });

  it('an online rebuild whose switch fails (a migration changed the table meanwhile) changes nothing and lifts the pause', async () => {
    const runner = startRunner(new TickProjection());
    for (const stream of ['a', 'b']) await tick(stream);
    await runner.waitFor((await tick('a')).position);
    const live = (await pool.query('SELECT stream_id, count FROM test_ticks ORDER BY stream_id')).rows;
    const liveCheckpoint = await checkpoint();
    const rebuilding = runner.rebuildOnline(undefined, {
      progress: async (phase) => {
        if (phase === 'paused') await pool.query('ALTER TABLE test_ticks ADD COLUMN note text');
      },
    });
    await expect(rebuilding).rejects.toThrow(/table test_ticks changed while it was rebuilt/);
    expect((await pool.query('SELECT stream_id, count FROM test_ticks ORDER BY stream_id')).rows).toEqual(live);
    expect(await checkpoint()).toBe(liveCheckpoint);
    expect((await pool.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'projection_rebuild'`)).rows).toEqual([]);
    const after = await tick('c');
    await runner.waitFor(after.position); // ProjectionLagError if the projection had stayed paused
    expect(BigInt(await checkpoint())).toBeGreaterThanOrEqual(after.position);
  });
});
