import 'reflect-metadata';
import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { createApp } from '../app';
import { loadConfig, type AppRole } from '../config/app-config';
import { migrate } from '../database/migrate';
import { prepareDatabase } from '../platform/database/database-bootstrap';
import { assertRedisReachable } from '../platform/queue/queue.module';

export interface CliOptions {
  /**
   * The roles the task's process runs (default: api only). A task whose commands must be projected
   * while no server runs (seed:demo on a fresh database) adds 'projector': it then projects itself,
   * or stands by while a running server's projector holds the projections.
   */
  roles?: AppRole[];
  /** The application's log level when LOG_LEVEL is unset (default: the server's, info). */
  logLevel?: string;
}

/**
 * Runs a command-line task against the same database and modules as the server (DATABASE_URL or
 * the embedded default, Redis at REDIS_URL), with the api role only unless told otherwise: no
 * worker of its own, no HTTP port.
 */
export function runWithApp(task: (app: INestApplication, log: Logger) => Promise<void>, options: CliOptions = {}): void {
  const log = pino();
  const run = async () => {
    const repoRoot = resolve(__dirname, '../../..');
    const loaded = loadConfig(process.env, { frontendDist: resolve(repoRoot, 'frontend/dist') });
    const config = {
      ...loaded,
      roles: options.roles ?? ['api' as const],
      logLevel: process.env.LOG_LEVEL ? loaded.logLevel : (options.logLevel ?? loaded.logLevel),
    };
    await assertRedisReachable(config.redisUrl);
    const database = await prepareDatabase(config.databaseUrl, config.dataDir ?? resolve(repoRoot, '.data'), log);
    try {
      await migrate(database.url);
      const app = await createApp(config, database.url);
      await app.init();
      try {
        await task(app, log);
      } finally {
        await app.close();
      }
    } finally {
      await database.stop();
    }
  };
  run().catch((error) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
