import 'reflect-metadata';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import pino from 'pino';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/app-config';
import { migrate } from './database/migrate';
import { prepareDatabase } from './platform/database/database-bootstrap';
import { assertRedisReachable } from './platform/queue/queue.module';

const KEEP_ALIVE_MS = 65_000;

const REPO_ROOT = resolve(__dirname, '../..');

async function main(): Promise<void> {
  const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
  try {
    const config = loadConfig(process.env, { frontendDist: resolve(REPO_ROOT, 'frontend/dist') });
    await assertRedisReachable(config.redisUrl);
    const database = await prepareDatabase(config.databaseUrl, config.dataDir ?? resolve(REPO_ROOT, '.data'), log);
    const applied = await migrate(database.url);
    if (applied.length > 0) log.info({ migrations: applied }, 'applied migrations');

    const app = await createApp(config, database.url);
    const shutdown = async (signal: string) => {
      log.info(`${signal}: shutting down`);
      await app.close();
      await database.stop();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    if (config.roles.includes('api')) {
      // Idle keep-alive connections stay open longer than clients and proxies keep theirs (Node's 5 s
      // default let a client reuse a socket the server was closing: ECONNRESET on its next request).
      const server = app.getHttpServer() as Server;
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      await app.listen(config.port);
      log.info({ port: config.port, roles: config.roles }, `CareCircle is running on http://localhost:${config.port}`);
    } else {
      await app.init();
      log.info({ roles: config.roles }, 'CareCircle is running without the api role');
    }
  } catch (error) {
    if (error instanceof ConfigError) log.fatal(error.message);
    else log.fatal({ err: error }, (error as Error).message);
    process.exit(1);
  }
}

void main();
