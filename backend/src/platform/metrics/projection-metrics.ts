import { Logger } from '@nestjs/common';
import { Gauge, type Registry } from 'prom-client';

/** How far one projection is behind the event store, as of now. */
export interface ProjectionMetric {
  projection: string;
  /** Events of the types the projection handles that it has not applied yet. */
  lagEvents: number;
  /** Age of the oldest event the projection has not applied yet; 0 when it is caught up. */
  lagSeconds: number;
  /** Events the projection gave up on (parked in `projection_failures`). */
  parked: number;
}

/** Where the projection gauges come from at scrape time. Bound to PROJECTION_METRICS in MetricsModule. */
export interface ProjectionMetricsSource {
  projectionMetrics(): Promise<ProjectionMetric[]>;
}

export const PROJECTION_METRICS = Symbol('PROJECTION_METRICS');

/**
 * projection_lag_events, projection_lag_seconds and projection_parked_events, one series per
 * projection, read from the source when scraped. The three gauges share one read per scrape. When
 * the source fails, the gauges have no series (alert on their absence) and the scrape still answers.
 */
export function registerProjectionGauges(registry: Registry, source: ProjectionMetricsSource): void {
  const log = new Logger('ProjectionMetrics');
  let reading: Promise<ProjectionMetric[]> | null = null;
  const read = (): Promise<ProjectionMetric[]> => {
    reading ??= source
      .projectionMetrics()
      .catch((error: Error) => {
        log.warn(`projection metrics unavailable: ${error.message}`);
        return [];
      })
      .finally(() => (reading = null));
    return reading;
  };

  const gauge = (name: string, help: string, value: (metric: ProjectionMetric) => number) => {
    const metric: Gauge<'projection'> = new Gauge({
      name,
      help,
      labelNames: ['projection'],
      registers: [registry],
      async collect() {
        const metrics = await read();
        metric.reset();
        for (const m of metrics) metric.set({ projection: m.projection }, value(m));
      },
    });
  };
  gauge('projection_lag_events', 'Events in the store that the projection has not applied yet', (m) => m.lagEvents);
  gauge('projection_lag_seconds', 'Age in seconds of the oldest event the projection has not applied yet (0 when caught up)', (m) => m.lagSeconds);
  gauge('projection_parked_events', 'Events the projection failed on and parked', (m) => m.parked);
}
