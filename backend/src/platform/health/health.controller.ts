import { Controller, Get, Inject, Res, SetMetadata } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type Redis from 'ioredis';
import type { Pool } from 'pg';
import type { Health } from '@carecircle/libs';
import { PG_POOL } from '../database/database.tokens';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { REDIS } from '../queue/queue.module';

const PROBE_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS)));
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Same metadata key as identity's @Public(): the platform may not import a module. */
const PUBLIC = SetMetadata('identity:public', true);

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** 200 when database, event store and Redis answer; 503 naming the one that does not. */
  @Get()
  @PUBLIC
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const [database, eventStore, redis] = await Promise.all([
      probe(() => this.pool.query('SELECT 1')),
      probe(() => this.store.ping()),
      probe(() => this.redis.ping()),
    ]);
    const ok = database === 'up' && eventStore === 'up' && redis === 'up';
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', database, eventStore, redis };
  }
}
