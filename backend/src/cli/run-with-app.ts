import 'reflect-metadata';
import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { migrate } from '../database/migrate';
import { prepareDatabase } from '../platform/database/database-bootstrap';

/**
 * Runs a command-line task against the same database and modules as the server (DATABASE_URL or
 * the embedded default), with the api role only: no projector or worker of its own, no HTTP port.
 */
export function runWithApp(task: (app: INestApplication, log: Logger) => Promise<void>): void {
  const log = pino();
  const run = async () => {
    const repoRoot = resolve(__dirname, '../../..');
    const config = { ...loadConfig(process.env, { frontendDist: resolve(repoRoot, 'frontend/dist') }), roles: ['api' as const] };
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
