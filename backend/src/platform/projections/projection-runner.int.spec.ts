import { randomUUID } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { DiscoveryService } from '@nestjs/core';
import { Pool } from 'pg';
import { loadConfig } from '../../config/app-config';
import { migrate } from '../../database/migrate';
import { ormConfig } from '../../database/orm.config';
import { createTestDatabase } from '../../test-support/database';
import type { RecordedEvent } from '../event-store/event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import type { Projection } from './projection';
import { ProjectionLagError, ProjectionRunner } from './projection-runner';

/** Counts "Ticked" events per stream; fails on purpose while `failOn` names a stream. */
class TickProjection implements Projection {
  readonly name = 'test.ticks';
  readonly handles = ['Ticked'];
  readonly tables = ['test_ticks'];
  failOn: string | null = null;
  async apply(em: EntityManager, event: RecordedEvent): Promise<void> {
    if (event.streamId === this.failOn) throw new Error('projection bug');
    await em.execute(
      `INSERT INTO test_ticks (stream_id, count) VALUES (?, 1) ON CONFLICT (stream_id) DO UPDATE SET count = test_ticks.count + 1`,
      [event.streamId],
    );
  }
}

const until = async (check: () => Promise<boolean>, timeoutMs = 8000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('projection runner (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let orm: MikroORM;
  let store: PostgresEventStore;
  const config = loadConfig({ APP_ROLES: 'projector' }, { frontendDist: '/none' });
  const runners: ProjectionRunner[] = [];

  const startRunner = (projection: Projection) => {
    const discovery = { getProviders: () => [{ instance: projection }] } as unknown as DiscoveryService;
    const runner = new ProjectionRunner(discovery, store, pool, config, orm, database.url);
    runner.onModuleInit();
    runner.onApplicationBootstrap();
    runners.push(runner);
    return runner;
  };
  const tick = (streamId: string) =>
    store.append(streamId, [{ type: 'Ticked', data: {}, metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } }], 'any');
  const total = async () => Number((await pool.query('SELECT coalesce(sum(count), 0) AS n FROM test_ticks')).rows[0].n);
  const checkpoint = async () => (await pool.query(`SELECT position FROM projection_checkpoints WHERE name = 'test.ticks'`)).rows[0]?.position;

  beforeEach(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    pool = new Pool({ connectionString: database.url });
    await pool.query('CREATE TABLE test_ticks (stream_id text PRIMARY KEY, count int NOT NULL)');
    orm = await MikroORM.init(ormConfig(database.url));
    store = new PostgresEventStore(pool);
    await store.init();
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.onApplicationShutdown()));
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
    await first.onApplicationShutdown();
    for (let i = 0; i < 3; i++) await tick('a');
    const second = startRunner(new TickProjection());
    await second.waitFor((await tick('a')).position);
    expect(await total()).toBe(5);
  });

  it('runs one active projector: a standby applies nothing until the active one stops, then takes over', async () => {
    const active = startRunner(new TickProjection());
    await active.waitFor((await tick('a')).position);
    const standby = startRunner(new TickProjection());
    for (let i = 0; i < 10; i++) await tick('a');
    await active.waitFor((await tick('a')).position);
    expect(await total()).toBe(12);
    await active.onApplicationShutdown();
    const after = await tick('a');
    await standby.waitFor(after.position, 8000);
    expect(await total()).toBe(13);
  });

  it('stores the checkpoint in the same transaction: a failing batch leaves neither rows nor checkpoint behind', async () => {
    const projection = new TickProjection();
    projection.failOn = 'broken';
    const runner = startRunner(projection);
    const ok = await tick('a');
    await runner.waitFor(ok.position);
    const beforeFailure = await checkpoint();
    await tick('broken');
    await expect(runner.waitFor((await tick('a')).position, 600)).rejects.toBeInstanceOf(ProjectionLagError);
    expect(await checkpoint()).toBe(beforeFailure);
    expect(await total()).toBe(1);
    projection.failOn = null; // the bug is fixed: the runner restarts from the checkpoint and applies everything once
    await until(async () => (await total()) === 3);
  });

  it('rebuild empties the tables and replays the store into the same rows', async () => {
    const runner = startRunner(new TickProjection());
    for (const stream of ['a', 'b', 'a', 'c', 'a']) await tick(stream);
    await runner.waitFor((await tick('b')).position);
    const live = (await pool.query('SELECT * FROM test_ticks ORDER BY stream_id')).rows;
    await runner.onApplicationShutdown();
    await pool.query(`UPDATE test_ticks SET count = 999`); // a corrupted read model
    await runner.rebuild();
    expect((await pool.query('SELECT * FROM test_ticks ORDER BY stream_id')).rows).toEqual(live);
  });
});
