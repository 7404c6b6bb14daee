import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.tokens';
import type { ProjectionMetric, ProjectionMetricsSource } from './projection-metrics';

/**
 * Provisional PROJECTION_METRICS source, until the projection runner reports its own figures: one
 * entry per row of `projection_checkpoints`. With the PostgreSQL event store, the lag is what
 * `es_events` holds after the checkpoint; with EventStoreDB it is reported as 0 (not measured here).
 * Nothing is parked yet (`projection_failures` does not exist).
 */
@Injectable()
export class CheckpointProjectionMetrics implements ProjectionMetricsSource {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'eventStoreConnectionString'>,
  ) {}

  async projectionMetrics(): Promise<ProjectionMetric[]> {
    if (this.config.eventStoreConnectionString) {
      const { rows } = await this.pool.query<{ name: string }>('SELECT name FROM projection_checkpoints ORDER BY name');
      return rows.map(({ name }) => ({ projection: name, lagEvents: 0, lagSeconds: 0, parked: 0 }));
    }
    // position::bigint keeps the comparison on es_events' primary key index (PostgreSQL positions fit a bigint).
    const { rows } = await this.pool.query<{ name: string; lag_events: string; lag_seconds: number | null }>(
      `SELECT c.name, lag.events AS lag_events,
              greatest(extract(epoch FROM now() - lag.oldest), 0)::float8 AS lag_seconds
         FROM projection_checkpoints c
         CROSS JOIN LATERAL (
           SELECT count(*) AS events, min(e.created_at) AS oldest
             FROM es_events e WHERE e.global_position > c.position::bigint
         ) lag
        ORDER BY c.name`,
    );
    return rows.map((row) => ({
      projection: row.name,
      lagEvents: Number(row.lag_events),
      lagSeconds: row.lag_seconds ?? 0,
      parked: 0,
    }));
  }
}
