import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { AuditEntities } from '../modules/audit';
import { CareHubEntities } from '../modules/care-hub';
import { CareRecipientsEntities } from '../modules/care-recipients';
import { CareTeamEntities } from '../modules/care-team';
import { CareUpdatesEntities } from '../modules/care-updates';
import { IdentityEntities } from '../modules/identity';
import { SchedulingEntities } from '../modules/scheduling';
import { UploadsEntities } from '../modules/uploads';
import { NotificationsEntities } from '../modules/notifications';
import { ProjectionCheckpointEntity } from '../platform/projections/projection-checkpoint.entity';

/**
 * Every read-model entity, listed explicitly (STACK.md: MikroORM 6 under Nest). The migrations are
 * migrate.ts's: the app does not load the migrator (a second of module loading in every process).
 */
export function ormConfig(clientUrl: string): Options {
  return defineConfig({
    clientUrl,
    entities: [ProjectionCheckpointEntity, ...IdentityEntities, ...CareRecipientsEntities, ...NotificationsEntities, ...SchedulingEntities, ...AuditEntities, ...UploadsEntities, ...CareHubEntities, ...CareTeamEntities, ...CareUpdatesEntities],
    pool: { min: 0, max: 10 },
    allowGlobalContext: false,
    debug: false,
  });
}
