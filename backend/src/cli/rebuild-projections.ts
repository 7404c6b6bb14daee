import 'reflect-metadata';
import { resolve } from 'node:path';
import pino from 'pino';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { migrate } from '../database/migrate';
import { prepareDatabase } from '../platform/database/database-bootstrap';
import { ProjectionRunner } from '../platform/projections/projection-runner';

/**
 * npm run projections:rebuild — replays the whole event store into fresh read models. Processes
 * with the projector role must be stopped first (each projection is held by an advisory lock).
 */
async function main(): Promise<void> {
  const log = pino();
  const repoRoot = resolve(__dirname, '../../..');
  const config = { ...loadConfig(process.env, { frontendDist: resolve(repoRoot, 'frontend/dist') }), roles: ['api' as const] };
  const database = await prepareDatabase(config.databaseUrl, config.dataDir ?? resolve(repoRoot, '.data'), log);
  try {
    await migrate(database.url);
    const app = await createApp(config, database.url);
    await app.init();
    try {
      const runner = app.get(ProjectionRunner);
      const started = Date.now();
      await runner.rebuild();
      log.info({ projections: runner.names, ms: Date.now() - started }, 'rebuilt every projection from the event store');
    } finally {
      await app.close();
    }
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error((error as Error).message);
  process.exit(1);
});
