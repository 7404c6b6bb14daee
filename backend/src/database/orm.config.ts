import { Migrator } from '@mikro-orm/migrations';
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
import { Migration20261121000001 } from './migrations/Migration20261121000001';
import { Migration20261121000220 } from './migrations/Migration20261121000220';
import { Migration20261121000300 } from './migrations/Migration20261121000300';
import { Migration20261122000100 } from './migrations/Migration20261122000100';
import { Migration20261123000100 } from './migrations/Migration20261123000100';
import { Migration20261123000200 } from './migrations/Migration20261123000200';
import { Migration20261123001000 } from './migrations/Migration20261123001000';
import { Migration20261123004100 } from './migrations/Migration20261123004100';
import { Migration20261124000900 } from './migrations/Migration20261124000900';
import { Migration20261125000100 } from './migrations/Migration20261125000100';
import { Migration20261125001100 } from './migrations/Migration20261125001100';
import { Migration20261126001100 } from './migrations/Migration20261126001100';
import { Migration20261127000100 } from './migrations/Migration20261127000100';
import { Migration20261127003000 } from './migrations/Migration20261127003000';
import { Migration20261127005000 } from './migrations/Migration20261127005000';
import { Migration20261127006000 } from './migrations/Migration20261127006000';
import { Migration20261127007000 } from './migrations/Migration20261127007000';
import { Migration20261127002000 } from './migrations/Migration20261127002000';
import { Migration20261127001000 } from './migrations/Migration20261127001000';
import { Migration20261127083000 } from './migrations/Migration20261127083000';
import { Migration20261127210000 } from './migrations/Migration20261127210000';
import { Migration20261127220000 } from './migrations/Migration20261127220000';
import { Migration20261127224000 } from './migrations/Migration20261127224000';
import { Migration20261128001000 } from './migrations/Migration20261128001000';

/** Every read-model entity and migration, listed explicitly (STACK.md: MikroORM 6 under Nest). */
export function ormConfig(clientUrl: string): Options {
  return defineConfig({
    clientUrl,
    entities: [ProjectionCheckpointEntity, ...IdentityEntities, ...CareRecipientsEntities, ...NotificationsEntities, ...SchedulingEntities, ...AuditEntities, ...UploadsEntities, ...CareHubEntities, ...CareTeamEntities, ...CareUpdatesEntities],
    extensions: [Migrator],
    migrations: {
      migrationsList: [
        { name: 'Migration20261121000001', class: Migration20261121000001 },
        { name: 'Migration20261121000220', class: Migration20261121000220 },
        { name: 'Migration20261121000300', class: Migration20261121000300 },
        { name: 'Migration20261122000100', class: Migration20261122000100 },
        { name: 'Migration20261123000100', class: Migration20261123000100 },
        { name: 'Migration20261123000200', class: Migration20261123000200 },
        { name: 'Migration20261123001000', class: Migration20261123001000 },
        { name: 'Migration20261123004100', class: Migration20261123004100 },
        { name: 'Migration20261124000900', class: Migration20261124000900 },
        { name: 'Migration20261125000100', class: Migration20261125000100 },
        { name: 'Migration20261125001100', class: Migration20261125001100 },
        { name: 'Migration20261126001100', class: Migration20261126001100 },
        { name: 'Migration20261127000100', class: Migration20261127000100 },
        { name: 'Migration20261127003000', class: Migration20261127003000 },
        { name: 'Migration20261127005000', class: Migration20261127005000 },
        { name: 'Migration20261127006000', class: Migration20261127006000 },
        { name: 'Migration20261127007000', class: Migration20261127007000 },
        { name: 'Migration20261127002000', class: Migration20261127002000 },
        { name: 'Migration20261127001000', class: Migration20261127001000 },
        { name: 'Migration20261127083000', class: Migration20261127083000 },
        { name: 'Migration20261127210000', class: Migration20261127210000 },
        { name: 'Migration20261127220000', class: Migration20261127220000 },
        { name: 'Migration20261127224000', class: Migration20261127224000 },
        { name: 'Migration20261128001000', class: Migration20261128001000 },
      ],
      transactional: true,
      snapshot: false,
      silent: true,
    },
    pool: { min: 0, max: 10 },
    allowGlobalContext: false,
    debug: false,
  });
}
