import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { migrate } from '../../database/migrate';
import { createTestDatabase, type TestDatabase } from '../../test-support/database';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { CheckpointProjectionMetrics } from './checkpoint-projection-metrics';

describe('CheckpointProjectionMetrics on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  const positions: bigint[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    pool = new Pool({ connectionString: database.url });
    store = new PostgresEventStore(pool);
    await store.init();
    const metadata = { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    for (const n of [1, 2, 3]) {
      const { position } = await store.append(`probe-${n}`, [{ type: 'Probed', data: { n }, metadata }], 'no_stream');
      positions.push(position);
    }
    // The two newest events were stored 90 and 30 seconds ago.
    await pool.query(`UPDATE es_events SET created_at = now() - interval '90 seconds' WHERE global_position = $1`, [positions[1]]);
    await pool.query(`UPDATE es_events SET created_at = now() - interval '30 seconds' WHERE global_position = $1`, [positions[2]]);
    await pool.query(
      `INSERT INTO projection_checkpoints (name, position, updated_at) VALUES ('caught-up', $1, now()), ('behind', $2, now())`,
      [positions[2].toString(), positions[0].toString()],
    );
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('counts the events after each checkpoint and the age of the oldest of them', async () => {
    const metrics = await new CheckpointProjectionMetrics(pool, { eventStoreConnectionString: null }).projectionMetrics();
    expect(metrics.map((m) => m.projection)).toEqual(['behind', 'caught-up']);
    const [behind, caughtUp] = metrics;
    expect(behind).toMatchObject({ lagEvents: 2, parked: 0 });
    expect(behind.lagSeconds).toBeGreaterThanOrEqual(90);
    expect(behind.lagSeconds).toBeLessThan(120);
    expect(caughtUp).toEqual({ projection: 'caught-up', lagEvents: 0, lagSeconds: 0, parked: 0 });
  });

  it('reports no lag with EventStoreDB, whose events it cannot see', async () => {
    const metrics = await new CheckpointProjectionMetrics(pool, { eventStoreConnectionString: 'esdb://eventstore:2113' }).projectionMetrics();
    expect(metrics).toEqual([
      { projection: 'behind', lagEvents: 0, lagSeconds: 0, parked: 0 },
      { projection: 'caught-up', lagEvents: 0, lagSeconds: 0, parked: 0 },
    ]);
  });
});
