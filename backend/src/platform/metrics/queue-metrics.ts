import { Logger } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';
import Bull, { type Queue } from 'bull';
import { Gauge, type Registry } from 'prom-client';

export const QUEUE_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;
const COUNT_TIMEOUT_MS = 2000;

/**
 * bull_queue_jobs{queue,state}: the jobs of every Bull queue of the application, counted in Redis at
 * scrape time. The queues are the ones Nest holds (each `BullModule.registerQueue`, in the platform
 * or in a module), found once on the first scrape, so a queue added later needs no change here.
 */
export function registerQueueGauge(registry: Registry, discovery: DiscoveryService): void {
  const log = new Logger('QueueMetrics');
  let queues: Queue[] | null = null;
  const registered = (): Queue[] => {
    if (queues === null) {
      const byName = new Map<string, Queue>();
      for (const { instance } of discovery.getProviders()) {
        if (instance instanceof Bull && !byName.has(instance.name)) byName.set(instance.name, instance);
      }
      queues = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
    }
    return queues;
  };

  const gauge: Gauge<'queue' | 'state'> = new Gauge({
    name: 'bull_queue_jobs',
    help: 'Jobs in each Bull queue by state (waiting, delayed, active, failed), counted at scrape time',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await Promise.all(
        registered().map(async (queue) => {
          try {
            return { queue: queue.name, counts: await withTimeout(queue.getJobCounts(), COUNT_TIMEOUT_MS) };
          } catch (error) {
            log.warn(`queue ${queue.name}: job counts unavailable: ${(error as Error).message}`);
            return null;
          }
        }),
      );
      gauge.reset();
      for (const entry of counts) {
        if (entry === null) continue;
        for (const state of QUEUE_STATES) gauge.set({ queue: entry.queue, state }, entry.counts[state]);
      }
    },
  });
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
