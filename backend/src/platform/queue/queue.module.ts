import { BullModule, InjectQueue, Process, Processor } from '@nestjs/bull';
import { BeforeApplicationShutdown, DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import Bull, { type Queue } from 'bull';
import Redis from 'ioredis';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.tokens';
import { pruneExpiredIdempotencyKeys } from '../http/idempotency';

export const REDIS = Symbol('REDIS');
export const MAINTENANCE_QUEUE = 'maintenance';

/** Hourly housekeeping on the worker role: expired sessions and idempotency keys leave their tables. */
@Processor(MAINTENANCE_QUEUE)
export class MaintenanceProcessor {
  private readonly log = new Logger(MaintenanceProcessor.name);
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Process('prune-sessions')
  async pruneSessions(): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM sessions WHERE expire < now()');
    this.log.log(`pruned ${rowCount ?? 0} expired sessions`);
    return rowCount ?? 0;
  }

  @Process('prune-idempotency-keys')
  async pruneIdempotencyKeys(): Promise<number> {
    const pruned = await pruneExpiredIdempotencyKeys(this.pool);
    this.log.log(`pruned ${pruned} expired idempotency keys`);
    return pruned;
  }
}

@Injectable()
class MaintenanceSchedule implements OnApplicationBootstrap {
  constructor(@InjectQueue(MAINTENANCE_QUEUE) private readonly queue: Queue) {}
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.add('prune-sessions', {}, { repeat: { cron: '17 * * * *' }, jobId: 'prune-sessions', removeOnComplete: 10, removeOnFail: 10 });
    await this.queue.add('prune-idempotency-keys', {}, { repeat: { cron: '47 * * * *' }, jobId: 'prune-idempotency-keys', removeOnComplete: 10, removeOnFail: 10 });
  }
}

@Injectable()
class RedisLifecycle implements BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly discovery: DiscoveryService,
  ) {}

  /**
   * Closes every Bull queue at once. Each close waits for its running jobs, then for its blocked
   * connection to give up (half a second: Bull's QUIT times out behind BRPOPLPUSH); @nestjs/bull
   * closes them one after another in onApplicationShutdown, where a queue already closed answers at once.
   */
  async beforeApplicationShutdown(): Promise<void> {
    const queues = this.discovery.getProviders().flatMap((wrapper) => (wrapper.instance instanceof Bull ? [wrapper.instance as Queue] : []));
    await Promise.all(queues.map((queue) => queue.close()));
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}

/** Bull on Redis, plus one shared ioredis client for health checks and counters. */
@Global()
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    const worker = config.roles.includes('worker');
    return {
      module: QueueModule,
      imports: [
        BullModule.forRoot({ redis: config.redisUrl, prefix: config.queuePrefix }),
        BullModule.registerQueue({ name: MAINTENANCE_QUEUE }),
        DiscoveryModule,
      ],
      providers: [
        { provide: REDIS, useFactory: () => new Redis(config.redisUrl, { maxRetriesPerRequest: 2, keyPrefix: `${config.queuePrefix}:` }) },
        RedisLifecycle,
        ...(worker ? [MaintenanceProcessor, MaintenanceSchedule] : []),
      ],
      exports: [REDIS, BullModule],
    };
  }
}

/** Fails start-up with a clear message when Redis cannot be reached (it has no embedded form). */
export async function assertRedisReachable(redisUrl: string): Promise<void> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(
      `Cannot reach Redis at ${redisUrl} (REDIS_URL): ${(error as Error).message}. ` +
        `Start one with: redis-server --daemonize yes --port 6379 --save '' --appendonly no, or set REDIS_URL.`,
    );
  } finally {
    probe.disconnect();
  }
}
