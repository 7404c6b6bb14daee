import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CommandBus } from '@nestjs/cqrs';
import pino from 'pino';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { migrate } from '../database/migrate';
import { prepareDatabase } from '../platform/database/database-bootstrap';
import { ExecuteCareRecipientCommand } from '../modules/care-recipients';

const USAGE = 'usage: node backend/dist/cli/grant-access.js --child <childId> --owner <primaryCaregiverId> --user <userId> [--read-only]';

/**
 * Shares a care recipient with another caregiver, as its primary caregiver would (until invitations
 * exist; the browser tests use it for a second caregiver of the same family). Records the
 * GrantCaregiverAccess command on the recipient's stream and returns once the read models show it.
 * Uses DATABASE_URL like the server; run with the server's environment.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      child: { type: 'string' },
      owner: { type: 'string' },
      user: { type: 'string' },
      'read-only': { type: 'boolean', default: false },
    },
  });
  if (!values.child || !values.owner || !values.user) throw new Error(USAGE);

  const log = pino();
  const repoRoot = resolve(__dirname, '../../..');
  const config = { ...loadConfig(process.env, { frontendDist: resolve(repoRoot, 'frontend/dist') }), roles: ['api' as const] };
  const database = await prepareDatabase(config.databaseUrl, config.dataDir ?? resolve(repoRoot, '.data'), log);
  try {
    await migrate(database.url);
    const app = await createApp(config, database.url);
    await app.init();
    try {
      await app.get(CommandBus).execute(
        new ExecuteCareRecipientCommand(values.child, {
          type: 'GrantCaregiverAccess',
          data: { userId: values.user, canEdit: !values['read-only'] },
          metadata: { actorId: values.owner, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
        }),
      );
      log.info({ childId: values.child, userId: values.user, canEdit: !values['read-only'] }, 'caregiver access granted');
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
