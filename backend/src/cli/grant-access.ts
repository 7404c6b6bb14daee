import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CommandBus } from '@nestjs/cqrs';
import { ExecuteCareRecipientCommand } from '../modules/care-recipients';
import { runWithApp } from './run-with-app';

const USAGE = 'usage: node backend/dist/cli/grant-access.js --child <childId> --owner <primaryCaregiverId> --user <userId> [--read-only]';

/**
 * Shares a care recipient with another caregiver, as its primary caregiver would (until invitations
 * exist; the browser tests use it for a second caregiver of the same family). Records the
 * GrantCaregiverAccess command on the recipient's stream and returns once the read models show it.
 * Uses DATABASE_URL like the server; run with the server's environment.
 */
const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    owner: { type: 'string' },
    user: { type: 'string' },
    'read-only': { type: 'boolean', default: false },
  },
});
if (!values.child || !values.owner || !values.user) {
  console.error(USAGE);
  process.exit(1);
}
const [childId, ownerId, userId, canEdit] = [values.child, values.owner, values.user, !values['read-only']];

runWithApp(async (app, log) => {
  await app.get(CommandBus).execute(
    new ExecuteCareRecipientCommand(childId, {
      type: 'GrantCaregiverAccess',
      data: { userId, canEdit },
      metadata: { actorId: ownerId, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
    }),
  );
  log.info({ childId, userId, canEdit }, 'caregiver access granted');
});
