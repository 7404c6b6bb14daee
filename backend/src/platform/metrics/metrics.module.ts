import { Module } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ProjectionRunner } from '../projections/projection-runner';
import { HttpMetrics } from './http-metrics';
import { MetricsAccessGuard } from './metrics-access.guard';
import { MetricsController } from './metrics.controller';
import { PROJECTION_METRICS, registerProjectionGauges, type ProjectionMetricsSource } from './projection-metrics';
import { registerQueueGauge } from './queue-metrics';

/**
 * GET /api/metrics (docs/operations.md). Each application instance has its own prom-client
 * Registry (injectable as `Registry`, so a module can add its own metrics), never the global one:
 * test apps in one process do not share series.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [MetricsController],
  providers: [
    {
      provide: Registry,
      inject: [DiscoveryService, PROJECTION_METRICS],
      useFactory: (discovery: DiscoveryService, projections: ProjectionMetricsSource) => {
        const registry = new Registry();
        collectDefaultMetrics({ register: registry });
        registerQueueGauge(registry, discovery);
        registerProjectionGauges(registry, projections);
        return registry;
      },
    },
    { provide: PROJECTION_METRICS, useExisting: ProjectionRunner },
    HttpMetrics,
    MetricsAccessGuard,
  ],
  exports: [Registry, HttpMetrics],
})
export class MetricsModule {}
